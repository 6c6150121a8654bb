import { z } from 'zod';
import { SUCCESS_CODE } from './constants.js';

/** Every answer: `{code, msg, data}`; code 20000 on success. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

/** The same envelope as JSON text, around `data` that is already JSON text (sent as it is, not re-encoded). */
export function okJsonText(dataJson: string, msg = 'success'): string {
  return `{"code":${SUCCESS_CODE},"msg":${JSON.stringify(msg)},"data":${dataJson}}`;
}

export interface PagedList<T> {
  list: T[];
  pageNum: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  });
}

export function pagedList<T>(list: T[], pageNum: number, pageSize: number, totalCount: number): PagedList<T> {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    list,
    pageNum,
    pageSize,
    totalCount,
    totalPages,
    hasNextPage: pageNum < totalPages,
    hasPrevPage: pageNum > 1,
  };
}
