import type { FastifyInstance } from 'fastify';
import { ok, ROUTES, type SpeechStatus } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import {
  checkDetection,
  checkExecution,
  downloadUrl,
  engineOf,
  submitDetection,
  submitExecution,
} from './media.service.js';
import { overviewOf } from './media-overview.service.js';
import { attachMedia } from './media-attach.service.js';
import { abortUpload, completeUpload, partUrls, startUpload } from './uploads.service.js';
import { siteConfigFor } from '../../config/site-config.js';
import { assertEngineOnHost } from '../site/host-rules.js';

/**
 * SPEC §7 /file/* calls: direct upload of one object, detection, execution; the timeline's overview
 * and a subtitle-file task's media given afterwards (issue 38).
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = { config: { auth: 'user' as const } };

  route(app, ROUTES.fileSpeechStatus, { config: { auth: 'optional' } }, async () =>
    ok<SpeechStatus>({ available: Boolean(ctx.speech), engine: ctx.speech?.name ?? null }),
  );

  route(app, ROUTES.fileStartUpload, user, async (req) =>
    ok(await startUpload(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.fileUploadParts, user, async (req) =>
    ok(await partUrls(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.fileCompleteUpload, user, async (req) =>
    ok(await completeUpload(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.fileAbortUpload, user, async (req) => {
    await abortUpload(ctx, currentUser(req).id, req.body.uploadId);
    return ok(null);
  });

  route(app, ROUTES.fileDownloadUrl, user, async (req) =>
    ok(await downloadUrl(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.fileSubmitCheck, user, async (req) => {
    const body = req.body;
    assertEngineOnHost(siteConfigFor(ctx, req), engineOf(body));
    return ok(await submitDetection(ctx, currentUser(req).id, body));
  });

  route(app, ROUTES.fileCheck, user, async (req) =>
    ok(await checkDetection(ctx, currentUser(req).id, req.body.taskId, req.lang)),
  );

  route(app, ROUTES.fileSubmitExecute, user, async (req) => {
    const body = req.body;
    assertEngineOnHost(siteConfigFor(ctx, req), engineOf(body));
    return ok(await submitExecution(ctx, currentUser(req).id, body));
  });

  route(app, ROUTES.fileCheckExecute, user, async (req) =>
    ok(await checkExecution(ctx, currentUser(req).id, req.body.taskId, req.lang)),
  );

  route(app, ROUTES.fileOverview, user, async (req) =>
    ok(await overviewOf(ctx, currentUser(req).id, req.body.taskId)),
  );

  route(app, ROUTES.fileAttachMedia, user, async (req) =>
    ok(await attachMedia(ctx, currentUser(req).id, req.body)),
  );
}
