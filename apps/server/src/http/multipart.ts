import type { FastifyRequest } from 'fastify';
import { withoutControlCharacters } from '@subtrans/contract';
import { AppError, invalidField } from './errors.js';

/** text fields one upload form may have besides its file (ours have at most four) */
export const MULTIPART_MAX_FIELDS = 10;

export function tooManyFieldsError(): AppError {
  return new AppError('TOO_MANY_FIELDS', undefined, { max: MULTIPART_MAX_FIELDS });
}

export interface MultipartForm {
  /** the text fields by name (the last one of a repeated name) */
  fields: Record<string, string>;
  /** the file of `fileField`, its name without control or bidi characters */
  file: { name: string; bytes: Buffer } | null;
}

/**
 * Reads an upload form: text fields and one file. Every multipart call goes through here, so
 * each limit has one answer: more than MULTIPART_MAX_FIELDS text fields is TOO_MANY_FIELDS (the
 * parser's own field limit sits one above ours: hit first, it ends the stream under the file
 * being read and the request would fail as an internal error), a file over `maxFileBytes`
 * PAYLOAD_TOO_LARGE. The fields are returned unchecked: validate them with parseInput.
 */
export async function readMultipartForm(
  req: FastifyRequest,
  opts: { fileField: string; maxFileBytes: number },
): Promise<MultipartForm> {
  if (!req.isMultipart()) throw invalidField([opts.fileField], { kind: 'required' });
  const fields: Record<string, string> = {};
  let fieldCount = 0;
  let file: MultipartForm['file'] = null;
  const parts = req.parts({
    limits: { fileSize: opts.maxFileBytes, files: 1, fields: MULTIPART_MAX_FIELDS + 1 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== opts.fileField || file) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      file = { name: withoutControlCharacters(part.filename), bytes };
      continue;
    }
    fieldCount += 1;
    if (fieldCount > MULTIPART_MAX_FIELDS) throw tooManyFieldsError();
    if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { fields, file };
}
