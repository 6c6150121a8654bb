import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, createTaskFields, exportTaskBody, LIMITS, ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { invalidField } from '../../http/errors.js';
import { parseInput } from '../../http/input-issues.js';
import { readMultipartForm } from '../../http/multipart.js';
import { contentDisposition } from '../../providers/storage/storage.js';
import { exportTask } from './segments/task-export.service.js';
import { deleteTask, startTask } from './run/task-run.service.js';
import { reapplyTerms } from './segments/reapply.service.js';
import { createTask, listTasks } from './tasks.service.js';
import { streamTaskLines, streamTaskWithSegments } from './task-read.service.js';
import { retranslateSegments } from './segments/segments.service.js';
import { updateSegments } from './segments/segment-edit.service.js';
import { siteConfigFor } from '../../config/site-config.js';
import { assertEngineOnHost } from '../site/host-rules.js';
import { retranslateQuota } from './segments/retranslate-allowance.service.js';
import { briefRoutes } from './brief/brief.routes.js';
import { batchRoutes } from './batch/batch.routes.js';
import { quoteRest, translateRest } from './parts/task-part.service.js';

export function tasksRoutes(app: FastifyInstance, ctx: AppContext) {
  /** multipart: the SRT `file` and the upload form's fields */
  route(app, ROUTES.taskCreate, { config: { auth: 'user' } }, async (req) => {
    const user = currentUser(req);
    const { fields, file } = await readMultipartForm(req, {
      fileField: 'file',
      maxFileBytes: LIMITS.srtMaxBytes,
    });
    if (!file) throw invalidField(['file'], { kind: 'required' });
    const form = parseInput(createTaskFields, fields);
    assertEngineOnHost(siteConfigFor(ctx, req), form.translationService);
    const task = await createTask(ctx, {
      userId: user.id,
      fileName: file.name,
      bytes: file.bytes,
      ...form,
    });
    return ok(task);
  });

  route(app, ROUTES.taskList, { config: { auth: 'user' } }, async (req) => {
    const { page, size } = req.body;
    return ok(await listTasks(ctx, currentUser(req).id, page, size));
  });

  // the task with all its lines: written page by page as they are read (task-read.service), so
  // readers of the largest task hold a page each, not the task
  route(app, ROUTES.taskGet, { config: { auth: 'user' } }, async (req, reply) => {
    const body = await streamTaskWithSegments(ctx, currentUser(req).id, req.body.id);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  // the editor's read (and its refresh while translating): the lines compact, sent as the
  // database wrote them. A GET, so an editor link's HTML names it (<link rel=preload>) and the task
  // is on its way while the app's code loads; a read, so no CSRF concern, and never cached
  route(app, ROUTES.taskLines, { config: { auth: 'user' } }, async (req, reply) => {
    const body = await streamTaskLines(ctx, currentUser(req).id, req.query.id);
    return reply
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  route(app, ROUTES.taskDelete, { config: { auth: 'user' } }, async (req) => {
    await deleteTask(ctx, currentUser(req).id, req.body.id);
    return ok(null);
  });

  route(app, ROUTES.taskStart, { config: { auth: 'user' } }, async (req) => {
    const { id, batchSize, part } = req.body;
    return ok(await startTask(ctx, currentUser(req).id, id, siteConfigFor(ctx, req), batchSize, part));
  });
  // issue 34: a file translated in parts: what the rest costs and what the balance covers; the rest
  route(app, ROUTES.taskPartQuote, { config: { auth: 'user' } }, async (req) =>
    ok(await quoteRest(ctx, currentUser(req).id, req.body.id)),
  );
  route(app, ROUTES.taskTranslateRest, { config: { auth: 'user' } }, async (req) => {
    const { id, batchSize, part } = req.body;
    return ok(
      await translateRest(ctx, currentUser(req).id, id, siteConfigFor(ctx, req), { batchSize, part }),
    );
  });

  /** the file itself (not the envelope), as a download; the body as its validation gave it */
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      API.taskExport,
      { schema: { body: exportTaskBody }, config: { auth: 'user', keyScope: 'read' } },
      async (req, reply) => {
        const file = await exportTask(ctx, currentUser(req).id, req.body);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

  route(app, ROUTES.taskUpdateSegments, { config: { auth: 'user' } }, async (req) =>
    ok(await updateSegments(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.taskRetranslate, { config: { auth: 'user' } }, async (req) =>
    ok(await retranslateSegments(ctx, currentUser(req).id, req.lang, req.body, siteConfigFor(ctx, req))),
  );
  /** the lines lacking a glossary term's rendering, translated again (spent like the above) */
  route(app, ROUTES.taskReapply, { config: { auth: 'user' } }, async (req) =>
    ok(await reapplyTerms(ctx, currentUser(req).id, req.lang, req.body.id, siteConfigFor(ctx, req))),
  );

  /** what is left of today's re-translation allowance (the editor says so when it runs low) */
  route(app, ROUTES.taskRetranslateQuota, { config: { auth: 'user' } }, async (req) =>
    ok(await retranslateQuota(ctx, currentUser(req).id)),
  );

  briefRoutes(app, ctx);
  batchRoutes(app, ctx);
}
