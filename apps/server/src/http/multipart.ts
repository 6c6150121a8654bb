import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { withoutControlCharacters } from '@subtrans/contract';
import { AppError, invalidField } from './errors.js';

/** text fields one upload form may have besides its file (/task/create's has eleven) */
export const MULTIPART_MAX_FIELDS = 16;

export function tooManyFieldsError(): AppError {
  return new AppError('TOO_MANY_FIELDS', undefined, { max: MULTIPART_MAX_FIELDS });
}

export interface MultipartForm {
  /** the text fields by name (the last one of a repeated name) */
  fields: Record<string, string>;
  /** the file of `fileField`, its name without control or bidi characters */
  file: { name: string; bytes: Buffer } | null;
  /** every file of `fileField`, in the order sent (one, unless `maxFiles` allows more) */
  files: { name: string; bytes: Buffer }[];
}

/**
 * Reads an upload form: text fields and its file (or, a batch's, files). Every multipart call goes through here, so
 * each limit has one answer: more than MULTIPART_MAX_FIELDS text fields is TOO_MANY_FIELDS (the
 * parser's own field limit sits one above ours: hit first, it ends the stream under the file
 * being read and the request would fail as an internal error), a file over `maxFileBytes`
 * PAYLOAD_TOO_LARGE. A body that cannot be read as a form is said to be one, never an internal
 * error: a Content-Type without a boundary is MULTIPART_NO_BOUNDARY, a body that ends before its
 * closing boundary (a part cut off, which the parser would otherwise end quietly, handing over the
 * part read so far) or that the parser finds malformed is MULTIPART_INCOMPLETE. The fields are
 * returned unchecked: validate them with parseInput.
 */
export async function readMultipartForm(
  req: FastifyRequest,
  opts: {
    fileField: string;
    maxFileBytes: number;
    /** files of `fileField` the form may hold (a batch's), more is TOO_MANY_FILES; default 1 */
    maxFiles?: number;
    /** bytes of all its files together, more is PAYLOAD_TOO_LARGE; default: no more than one file's */
    maxTotalBytes?: number;
  },
): Promise<MultipartForm> {
  const maxFiles = opts.maxFiles ?? 1;
  const maxTotal = opts.maxTotalBytes ?? opts.maxFileBytes;
  if (!req.isMultipart()) throw invalidField([opts.fileField], { kind: 'required' });
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary) throw new AppError('MULTIPART_NO_BOUNDARY');
  const closed = watchForClose(req, boundary);
  const fields: Record<string, string> = {};
  let fieldCount = 0;
  const files: MultipartForm['files'] = [];
  let total = 0;
  try {
    const parts = req.parts({
      // one file over the limit is read as far as its first bytes, to be refused as too many
      limits: { fileSize: opts.maxFileBytes, files: maxFiles + 1, fields: MULTIPART_MAX_FIELDS + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField || (maxFiles === 1 && files.length)) {
          part.file.resume();
          continue;
        }
        if (files.length === maxFiles) throw new AppError('TOO_MANY_FILES', undefined, { max: maxFiles });
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (part.file.truncated || total > maxTotal) throw new AppError('PAYLOAD_TOO_LARGE');
        files.push({ name: withoutControlCharacters(part.filename), bytes });
        continue;
      }
      fieldCount += 1;
      if (fieldCount > MULTIPART_MAX_FIELDS) throw tooManyFieldsError();
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    closed();
    throw isParserError(err) ? new AppError('MULTIPART_INCOMPLETE') : err;
  }
  if (!closed()) throw new AppError('MULTIPART_INCOMPLETE');
  // an Idempotency-Key (modules/idempotency): the request is what was sent, not how it was framed
  if (req.claimIdempotency) await req.claimIdempotency(formHash(fields, files));
  return { fields, file: files[0] ?? null, files };
}

/** A hash of a form's fields (in name order) and its files' names and contents. */
function formHash(fields: Record<string, string>, files: MultipartForm['files']): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  for (const file of files) h.update(`\0${file.name}\0${file.bytes.length}\0`).update(file.bytes);
  return h.digest('hex');
}

/** The boundary a multipart Content-Type names (RFC 2046: 1 to 70 characters), or null. */
function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * Whether the body, as it streams past the parser, reaches its close delimiter (`--boundary--`):
 * the parser ends a body cut short as if it were complete. Only a tail as long as the delimiter
 * is kept between chunks, so memory stays flat whatever the size.
 */
function watchForClose(req: FastifyRequest, boundary: string): () => boolean {
  const delimiter = Buffer.from(`--${boundary}--`);
  let tail = Buffer.alloc(0);
  let seen = false;
  const onData = (chunk: Buffer) => {
    if (seen) return;
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(delimiter)) seen = true;
    else tail = window.subarray(Math.max(0, window.length - delimiter.length + 1));
  };
  req.raw.on('data', onData);
  return () => {
    req.raw.off('data', onData);
    return seen;
  };
}

/**
 * The parser's own failures (busboy/dicer: "Part terminated early due to unexpected end of
 * multipart data", "Malformed part header" …) are plain errors without a code, unlike Fastify's
 * limits (FST_*), our AppErrors and the system's (ENOSPC …); a file part that ends with the body
 * before its boundary closes its stream early (ERR_STREAM_PREMATURE_CLOSE).
 */
function isParserError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const code = (err as { code?: unknown }).code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  if (code !== undefined) return false;
  return /multipart|part header|terminated early|boundary/i.test(err.message);
}
