import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, exportGlossaryBody, ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { contentDisposition } from '../../providers/storage/storage.js';
import {
  deleteGlossary,
  exportGlossary,
  getGlossary,
  importGlossary,
  listGlossaries,
  saveGlossary,
} from './glossary.service.js';

/**
 * A full glossary (2,000 entries of up to 700 characters, CJK at 3 bytes each) and an import
 * (1,000,000 characters) are more than the 1 MiB other calls take.
 */
const GLOSSARY_BODY_BYTES = 5 * 1024 * 1024;

/** The caller's glossaries: list, read, save, delete, import and export CSV/TSV. */
export function glossaryRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.glossaryList, { config: { auth: 'user' } }, async (req) =>
    ok(await listGlossaries(ctx, currentUser(req).id)),
  );
  route(app, ROUTES.glossaryGet, { config: { auth: 'user' } }, async (req) =>
    ok(await getGlossary(ctx, currentUser(req).id, req.body.id)),
  );
  route(app, ROUTES.glossarySave, { config: { auth: 'user' }, bodyLimit: GLOSSARY_BODY_BYTES }, async (req) =>
    ok(await saveGlossary(ctx, currentUser(req).id, req.body)),
  );
  route(app, ROUTES.glossaryDelete, { config: { auth: 'user' } }, async (req) => {
    await deleteGlossary(ctx, currentUser(req).id, req.body.id);
    return ok(null);
  });
  route(
    app,
    ROUTES.glossaryImport,
    { config: { auth: 'user' }, bodyLimit: GLOSSARY_BODY_BYTES },
    async (req) => ok(await importGlossary(ctx, currentUser(req).id, req.lang, req.body)),
  );

  /** the file itself (not the envelope), as a download, like /task/export (the body validated once) */
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      API.glossaryExport,
      { schema: { body: exportGlossaryBody }, config: { auth: 'user', keyScope: 'read' } },
      async (req, reply) => {
        const file = await exportGlossary(ctx, currentUser(req).id, req.body);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
}
