import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  BATCH_LIMITS,
  createBatchFields,
  exportBatchBody,
  LIMITS,
  ok,
  ROUTES,
} from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { siteConfigFor } from '../../../config/site-config.js';
import { parseInput } from '../../../http/input-issues.js';
import { readMultipartForm } from '../../../http/multipart.js';
import { route } from '../../../http/route.js';
import { contentDisposition } from '../../../providers/storage/storage.js';
import { currentUser } from '../../accounts/auth-plugin.js';
import { batchZip } from './batch-export.service.js';
import { createBatch, getBatch } from './batch.service.js';

/** all of a batch's files together: a season of SRT files is a few megabytes, and the request holds them all */
const BATCH_MAX_BYTES = 20 * 1024 * 1024;

/** Issue 39: batches, many files into one or more languages at once. */
export function batchRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.batchCreate, { config: { auth: 'user' } }, async (req) => {
    const { fields, files } = await readMultipartForm(req, {
      fileField: 'files',
      maxFileBytes: LIMITS.srtMaxBytes,
      maxFiles: BATCH_LIMITS.files,
      maxTotalBytes: BATCH_MAX_BYTES,
    });
    const form = parseInput(createBatchFields, fields);
    return ok(await createBatch(ctx, currentUser(req).id, siteConfigFor(ctx, req), form, files));
  });

  route(app, ROUTES.batchGet, { config: { auth: 'user' } }, async (req) =>
    ok(await getBatch(ctx, currentUser(req).id, req.body.id)),
  );

  /** the ZIP itself (not the envelope), streamed as it is built */
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      API.batchExport,
      { schema: { body: exportBatchBody }, config: { auth: 'user', keyScope: 'read' } },
      async (req, reply) => {
        const zip = await batchZip(ctx, currentUser(req).id, req.body);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition(zip.fileName))
          .header('cache-control', 'no-store')
          .send(zip.stream);
      },
    );
}
