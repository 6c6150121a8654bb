import type { FastifyInstance } from 'fastify';
import {
  API,
  completeUploadBody,
  downloadUrlBody,
  mediaTaskIdBody,
  ok,
  startUploadBody,
  submitCheckBody,
  submitExecuteBody,
  uploadIdBody,
  uploadPartsBody,
  type SpeechStatus,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { currentUser } from '../accounts/auth-plugin.js';
import {
  checkDetection,
  checkExecution,
  downloadUrl,
  engineOf,
  submitDetection,
  submitExecution,
} from './media.service.js';
import { abortUpload, completeUpload, partUrls, startUpload } from './uploads.service.js';
import { siteConfigFor } from '../../config/site-config.js';
import { assertEngineOnHost } from '../site/host-rules.js';

/** SPEC §7 /file/* calls: direct upload of one object, detection, execution. */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = { config: { auth: 'user' as const } };

  app.post(API.fileSpeechStatus, { config: { auth: 'optional' } }, async () =>
    ok<SpeechStatus>({ available: Boolean(ctx.speech), engine: ctx.speech?.name ?? null }),
  );

  app.post(API.fileStartUpload, { schema: { body: startUploadBody }, ...user }, async (req) =>
    ok(await startUpload(ctx, currentUser(req).id, startUploadBody.parse(req.body))),
  );

  app.post(API.fileUploadParts, { schema: { body: uploadPartsBody }, ...user }, async (req) =>
    ok(await partUrls(ctx, currentUser(req).id, uploadPartsBody.parse(req.body))),
  );

  app.post(API.fileCompleteUpload, { schema: { body: completeUploadBody }, ...user }, async (req) =>
    ok(await completeUpload(ctx, currentUser(req).id, completeUploadBody.parse(req.body))),
  );

  app.post(API.fileAbortUpload, { schema: { body: uploadIdBody }, ...user }, async (req) => {
    await abortUpload(ctx, currentUser(req).id, uploadIdBody.parse(req.body).uploadId);
    return ok(null);
  });

  app.post(API.fileDownloadUrl, { schema: { body: downloadUrlBody }, ...user }, async (req) =>
    ok(await downloadUrl(ctx, currentUser(req).id, downloadUrlBody.parse(req.body))),
  );

  app.post(API.fileSubmitCheck, { schema: { body: submitCheckBody }, ...user }, async (req) => {
    const body = submitCheckBody.parse(req.body);
    assertEngineOnHost(siteConfigFor(ctx, req), engineOf(body));
    return ok(await submitDetection(ctx, currentUser(req).id, body));
  });

  app.post(API.fileCheck, { schema: { body: mediaTaskIdBody }, ...user }, async (req) =>
    ok(await checkDetection(ctx, currentUser(req).id, mediaTaskIdBody.parse(req.body).taskId, req.lang)),
  );

  app.post(API.fileSubmitExecute, { schema: { body: submitExecuteBody }, ...user }, async (req) => {
    const body = submitExecuteBody.parse(req.body);
    assertEngineOnHost(siteConfigFor(ctx, req), engineOf(body));
    return ok(await submitExecution(ctx, currentUser(req).id, body));
  });

  app.post(API.fileCheckExecute, { schema: { body: mediaTaskIdBody }, ...user }, async (req) =>
    ok(await checkExecution(ctx, currentUser(req).id, mediaTaskIdBody.parse(req.body).taskId, req.lang)),
  );
}
