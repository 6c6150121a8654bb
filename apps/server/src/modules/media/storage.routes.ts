import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  LocalStorageError,
  LOCAL_STORAGE_ROUTES,
  type LocalObjectStorage,
} from '../../providers/storage/local-storage.js';
import { contentDisposition } from '../../providers/storage/storage.js';
import { outOfSpace } from '../../db/out-of-space.js';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  srt: 'application/x-subrip; charset=utf-8',
};

function refuse(reply: FastifyReply, err: unknown) {
  // a full disk is no interruption: the envelope says so (OUT_OF_STORAGE, 507) and alerts once
  if (outOfSpace(err)) throw err;
  if (err instanceof LocalStorageError) return reply.code(err.status).type('text/plain').send(err.message);
  // the browser went away mid-part (closed tab, lost network): nothing to answer, nothing broken
  if ((err as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET' || reply.request.raw.aborted) {
    reply.log.info('a part upload was interrupted by the client');
    return reply.code(400).type('text/plain').send('the upload was interrupted');
  }
  throw err;
}

/**
 * Local-disk storage speaks the direct-upload protocol itself: PUT a part to a signed URL (the
 * body streams to disk, constant memory; answered with its ETag like S3), GET an object from a
 * signed URL (with Range, so a video seeks). Signatures name one object and expire.
 */
export async function localStorageRoutes(app: FastifyInstance, storage: LocalObjectStorage) {
  await app.register(async (scope) => {
    // the body is the part itself: no parser reads it, the handler streams it
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.put(LOCAL_STORAGE_ROUTES.part, async (req, reply) => {
      try {
        const grant = storage.verify('put', req.query as Record<string, string>);
        const etag = await storage.writePart(grant.uploadId, grant.partNumber, req.raw);
        return reply.header('etag', etag).header('access-control-expose-headers', 'ETag').code(200).send();
      } catch (err) {
        return refuse(reply, err);
      }
    });
  });

  // video is already compressed, and a Range answer must not be re-encoded
  app.get(`${LOCAL_STORAGE_ROUTES.object}/*`, { compress: false }, async (req, reply) => {
    try {
      const key = (req.params as { '*': string })['*'];
      const grant = storage.verify('get', req.query as Record<string, string>, key);
      const file = storage.fileOf(grant.key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new LocalStorageError(404, 'no such object');
      const ext = path.extname(file).slice(1).toLowerCase();
      void reply
        .header('accept-ranges', 'bytes')
        .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=3600');
      if (grant.fileName) void reply.header('content-disposition', contentDisposition(grant.fileName));
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      if (!range || (range[1] === '' && range[2] === '')) {
        return reply.header('content-length', info.size).send(createReadStream(file));
      }
      // bytes=a-b, bytes=a- or the last n bytes (bytes=-n)
      let start = range[1] === '' ? Math.max(0, info.size - Number(range[2])) : Number(range[1]);
      let end = range[1] !== '' && range[2] !== '' ? Number(range[2]) : info.size - 1;
      end = Math.min(end, info.size - 1);
      if (start > end || start >= info.size) {
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      start = Math.max(0, start);
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', end - start + 1)
        .send(createReadStream(file, { start, end }));
    } catch (err) {
      return refuse(reply, err);
    }
  });
}
