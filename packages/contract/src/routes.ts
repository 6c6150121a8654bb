import { z } from 'zod';
import { apiKeyIdBody, apiKeySchema, createApiKeyBody, createdApiKeySchema } from './api-keys.js';
import { savedWebhookSchema, setWebhookBody, webhookStateSchema } from './webhooks.js';
import { batchIdBody, batchSchema, createBatchFields } from './batches.js';
import { FINISH_ROUTES } from './finish-routes.js';
import {
  adminUserSchema,
  changePasswordBody,
  closeAccountBody,
  createUserBody,
  deleteUserBody,
  emailAuthBody,
  pageBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  sendEmailCodeBody,
  sendResetCodeBody,
  setEmailBody,
  sendCodeBody,
  sendCodeResult,
  updateProfileBody,
  updateProfileResult,
  uploadResult,
  userSchema,
  wechatLoginBody,
  wechatStateResult,
} from './accounts.js';
import {
  decrPointBody,
  grantPointsBody,
  pointHistoryEntrySchema,
  pointBalanceSchema,
  pointSummarySchema,
} from './billing.js';
import { pagedListSchema } from './envelope.js';
import { partQuoteSchema } from './parts.js';
import { attachMediaBody, overviewSchema } from './peaks.js';
import {
  completeUploadBody,
  completedUploadSchema,
  detectionStateSchema,
  downloadUrlBody,
  downloadUrlSchema,
  executionStateSchema,
  mediaTaskIdBody,
  speechStatusSchema,
  startUploadBody,
  submitCheckBody,
  submitExecuteBody,
  submittedCheckSchema,
  submittedExecuteSchema,
  uploadIdBody,
  uploadPartUrlsSchema,
  uploadPartsBody,
  uploadTicketSchema,
} from './media.js';
import {
  alipayCheckoutSchema,
  alipayOrderStatusSchema,
  alipayQueryBody,
  cardPaymentSchema,
  cardPaymentStatusSchema,
  cardQueryBody,
  orderSchema,
  paymentQueryBody,
  paymentStatusSchema,
  productIdBody,
  productSchema,
} from './payments.js';
import { API, OPENAPI_PATH } from './paths.js';
import { defineRoute, postRoute as post, type RouteDef, type RouteException } from './route-map.js';
import { contactBody, contactReceiptSchema, siteConfigSchema } from './site.js';
import {
  createTaskFields,
  retranslateAnswerSchema,
  retranslateBody,
  retranslateQuotaSchema,
  savedSegmentsSchema,
  startTaskBody,
  taskIdBody,
  taskSchema,
  taskWithLinesSchema,
  taskWithSegmentsSchema,
  translateRestBody,
  updateSegmentsBody,
} from './tasks.js';
import { engineStatusSchema, translateBody } from './translation.js';
import { qualityGetBody, qualityLimitsSchema, qualitySaveBody } from './quality.js';
import {
  glossaryIdBody,
  glossarySchema,
  glossarySummarySchema,
  importGlossaryBody,
  importedGlossarySchema,
  saveGlossaryBody,
} from './glossary.js';
import {
  continueTaskBody,
  reapplyBody,
  saveBriefBody,
  saveSeriesBody,
  seriesIdBody,
  seriesSchema,
  seriesSummarySchema,
  taskBriefSchema,
} from './brief.js';

const nothing = z.null();
const texts = z.array(z.string());

/**
 * Every JSON call that answers the `{code, msg, data}` envelope: method, path, body and the
 * success `data`. Add a call here first; the server registers it with `route()`
 * (apps/server/src/http/route.ts) and the web calls it with `api()`. Calls that answer anything
 * else are in ROUTE_EXCEPTIONS.
 */
export const ROUTES = {
  emailAuth: post(API.emailAuth, { body: emailAuthBody, response: userSchema }),
  sendCode: post(API.sendCode, { body: sendCodeBody, response: sendCodeResult }),
  register: post(API.register, { body: registerBody, response: userSchema }),
  wechatLogin: post(API.wechatLogin, { body: wechatLoginBody, response: userSchema }),
  wechatState: post(API.wechatState, { response: wechatStateResult }),
  profile: post(API.profile, { body: profileBody, response: userSchema }),
  updateProfile: post(API.updateProfile, { body: updateProfileBody, response: updateProfileResult }),
  allUsers: post(API.allUsers, { body: pageBody, response: pagedListSchema(adminUserSchema) }),
  createUser: post(API.createUser, { body: createUserBody, response: adminUserSchema }),
  deleteUser: post(API.deleteUser, { body: deleteUserBody, response: nothing }),
  closeAccount: post(API.closeAccount, { body: closeAccountBody, response: nothing }),
  logout: post(API.logout, { response: nothing }),
  sendResetCode: post(API.sendResetCode, { body: sendResetCodeBody, response: sendCodeResult }),
  /** sets the password and ends every session of the user; the caller signs in afresh */
  resetPassword: post(API.resetPassword, { body: resetPasswordBody, response: nothing }),
  /** ends every other session of the user; this one is kept */
  changePassword: post(API.changePassword, { body: changePasswordBody, response: nothing }),
  logoutAll: post(API.logoutAll, { response: nothing }),
  sendEmailCode: post(API.sendEmailCode, { body: sendEmailCodeBody, response: sendCodeResult }),
  setEmail: post(API.setEmail, { body: setEmailBody, response: userSchema }),
  uploadAvatar: post(API.uploadAvatar, { form: z.object({}), response: uploadResult }),
  siteConfig: post(API.siteConfig, { response: siteConfigSchema }),
  contactSubmit: post(API.contactSubmit, { body: contactBody, response: contactReceiptSchema }),
  getPoint: post(API.getPoint, { keyScope: 'read', response: pointBalanceSchema }),
  decrPoint: post(API.decrPoint, { body: decrPointBody, response: pointBalanceSchema }),
  pointHistory: post(API.pointHistory, {
    keyScope: 'read',
    body: pageBody,
    response: pagedListSchema(pointHistoryEntrySchema),
  }),
  pointLots: post(API.pointLots, { keyScope: 'read', response: pointSummarySchema }),
  grantPoints: post(API.grantPoints, { body: grantPointsBody, response: pointBalanceSchema }),
  translate: post(API.translate, { keyScope: 'translate', body: translateBody, response: texts }),
  deepseekTranslate: post(API.deepseekTranslate, {
    keyScope: 'translate',
    body: translateBody,
    response: texts,
  }),
  translationEngines: post(API.translationEngines, {
    keyScope: 'read',
    response: z.array(engineStatusSchema),
  }),
  taskCreate: post(API.taskCreate, {
    idempotent: true,
    keyScope: 'translate',
    form: createTaskFields,
    response: taskSchema,
  }),
  taskList: post(API.taskList, { keyScope: 'read', body: pageBody, response: pagedListSchema(taskSchema) }),
  taskGet: post(API.taskGet, {
    keyScope: 'read',
    body: taskIdBody,
    response: taskWithSegmentsSchema,
    streamed: true,
  }),
  taskLines: defineRoute({
    keyScope: 'read',
    method: 'GET',
    path: API.taskLines,
    query: taskIdBody,
    response: taskWithLinesSchema,
    streamed: true,
  }),
  taskDelete: post(API.taskDelete, { keyScope: 'translate', body: taskIdBody, response: nothing }),
  taskStart: post(API.taskStart, {
    idempotent: true,
    keyScope: 'translate',
    body: startTaskBody,
    response: taskSchema,
  }),
  taskUpdateSegments: post(API.taskUpdateSegments, {
    keyScope: 'translate',
    body: updateSegmentsBody,
    response: savedSegmentsSchema,
  }),
  taskRetranslate: post(API.taskRetranslate, {
    idempotent: true,
    keyScope: 'translate',
    body: retranslateBody,
    response: retranslateAnswerSchema,
  }),
  taskRetranslateQuota: post(API.taskRetranslateQuota, {
    keyScope: 'read',
    response: retranslateQuotaSchema,
  }),
  productList: post(API.productList, { response: z.array(productSchema) }),
  productTransList: post(API.productTransList, { response: z.array(productSchema) }),
  alipayCreate: post(API.alipayCreate, { body: productIdBody, response: alipayCheckoutSchema }),
  alipayQuery: post(API.alipayQuery, { body: alipayQueryBody, response: alipayOrderStatusSchema }),
  orderList: post(API.orderList, { body: pageBody, response: pagedListSchema(orderSchema) }),
  paymentQuery: post(API.paymentQuery, { body: paymentQueryBody, response: paymentStatusSchema }),
  wallexCreate: post(API.wallexCreate, { body: productIdBody, response: cardPaymentSchema }),
  wallexQuery: post(API.wallexQuery, { body: cardQueryBody, response: cardPaymentStatusSchema }),
  fileStartUpload: post(API.fileStartUpload, {
    idempotent: true,
    keyScope: 'translate',
    body: startUploadBody,
    response: uploadTicketSchema,
  }),
  fileUploadParts: post(API.fileUploadParts, {
    keyScope: 'translate',
    body: uploadPartsBody,
    response: uploadPartUrlsSchema,
  }),
  fileCompleteUpload: post(API.fileCompleteUpload, {
    keyScope: 'translate',
    body: completeUploadBody,
    response: completedUploadSchema,
  }),
  fileAbortUpload: post(API.fileAbortUpload, {
    keyScope: 'translate',
    body: uploadIdBody,
    response: nothing,
  }),
  fileDownloadUrl: post(API.fileDownloadUrl, {
    keyScope: 'read',
    body: downloadUrlBody,
    response: downloadUrlSchema,
  }),
  fileSubmitCheck: post(API.fileSubmitCheck, {
    idempotent: true,
    keyScope: 'translate',
    body: submitCheckBody,
    response: submittedCheckSchema,
  }),
  fileCheck: post(API.fileCheck, { keyScope: 'read', body: mediaTaskIdBody, response: detectionStateSchema }),
  fileSubmitExecute: post(API.fileSubmitExecute, {
    idempotent: true,
    keyScope: 'translate',
    body: submitExecuteBody,
    response: submittedExecuteSchema,
  }),
  fileCheckExecute: post(API.fileCheckExecute, {
    keyScope: 'read',
    body: mediaTaskIdBody,
    response: executionStateSchema,
  }),
  fileSpeechStatus: post(API.fileSpeechStatus, { keyScope: 'read', response: speechStatusSchema }),
  fileOverview: post(API.fileOverview, { keyScope: 'read', body: mediaTaskIdBody, response: overviewSchema }),
  fileAttachMedia: post(API.fileAttachMedia, {
    keyScope: 'translate',
    body: attachMediaBody,
    response: overviewSchema,
  }),
  qualityGet: post(API.qualityGet, { keyScope: 'read', body: qualityGetBody, response: qualityLimitsSchema }),
  qualitySave: post(API.qualitySave, {
    keyScope: 'translate',
    body: qualitySaveBody,
    response: qualityLimitsSchema,
  }),
  glossaryList: post(API.glossaryList, { keyScope: 'read', response: z.array(glossarySummarySchema) }),
  glossaryGet: post(API.glossaryGet, { keyScope: 'read', body: glossaryIdBody, response: glossarySchema }),
  glossarySave: post(API.glossarySave, {
    keyScope: 'translate',
    body: saveGlossaryBody,
    response: glossarySchema,
  }),
  glossaryDelete: post(API.glossaryDelete, {
    keyScope: 'translate',
    body: glossaryIdBody,
    response: nothing,
  }),
  glossaryImport: post(API.glossaryImport, {
    keyScope: 'translate',
    body: importGlossaryBody,
    response: importedGlossarySchema,
  }),
  seriesList: post(API.seriesList, { keyScope: 'read', response: z.array(seriesSummarySchema) }),
  seriesGet: post(API.seriesGet, { keyScope: 'read', body: seriesIdBody, response: seriesSchema }),
  seriesSave: post(API.seriesSave, { keyScope: 'translate', body: saveSeriesBody, response: seriesSchema }),
  seriesDelete: post(API.seriesDelete, { keyScope: 'translate', body: seriesIdBody, response: nothing }),
  taskBrief: post(API.taskBrief, { keyScope: 'read', body: taskIdBody, response: taskBriefSchema }),
  taskSaveBrief: post(API.taskSaveBrief, {
    keyScope: 'translate',
    body: saveBriefBody,
    response: taskBriefSchema,
  }),
  taskContinue: post(API.taskContinue, {
    idempotent: true,
    keyScope: 'translate',
    body: continueTaskBody,
    response: taskSchema,
  }),
  taskReapply: post(API.taskReapply, {
    keyScope: 'translate',
    body: reapplyBody,
    response: retranslateAnswerSchema,
  }),
  taskPartQuote: post(API.taskPartQuote, { keyScope: 'read', body: taskIdBody, response: partQuoteSchema }),
  taskTranslateRest: post(API.taskTranslateRest, {
    idempotent: true,
    keyScope: 'translate',
    body: translateRestBody,
    response: taskSchema,
  }),
  apiKeyList: post(API.apiKeyList, { response: z.array(apiKeySchema) }),
  apiKeyCreate: post(API.apiKeyCreate, { body: createApiKeyBody, response: createdApiKeySchema }),
  apiKeyRevoke: post(API.apiKeyRevoke, { body: apiKeyIdBody, response: nothing }),
  webhookGet: post(API.webhookGet, { response: webhookStateSchema }),
  webhookSet: post(API.webhookSet, { body: setWebhookBody, response: savedWebhookSchema }),
  webhookDelete: post(API.webhookDelete, { response: nothing }),
  batchCreate: post(API.batchCreate, {
    form: createBatchFields,
    response: batchSchema,
    keyScope: 'translate',
    idempotent: true,
  }),
  batchGet: post(API.batchGet, { body: batchIdBody, response: batchSchema, keyScope: 'read' }),
  ...FINISH_ROUTES,
} as const satisfies Record<string, RouteDef>;
export type Routes = typeof ROUTES;
/** A call of ROUTES by its name. */
export type RouteName = keyof Routes;
/**
 * Each call of ROUTES is named as in API, with the same path: the web client sends a call by its
 * name (the path from API) and takes only its types from ROUTES, so no page loads the schemas.
 */
type SamePath = {
  [K in RouteName]: K extends keyof typeof API
    ? Routes[K]['path'] extends (typeof API)[K]
      ? K
      : never
    : never;
}[RouteName];
type Check<T extends true> = T;
export type _RoutesNamedAsApi = Check<[Exclude<RouteName, SamePath>] extends [never] ? true : false>;

/** Everything the server answers that is not a JSON call of ROUTES, and why. */
export const ROUTE_EXCEPTIONS: readonly RouteException[] = [
  { method: 'GET', path: API.googleAuth, reason: 'OAuth: redirects the browser to Google' },
  { method: 'GET', path: API.googleCallback, reason: 'OAuth: Google returns here; answered by a redirect' },
  { method: 'POST', path: API.alipayNotify, reason: "Alipay's notification: form-encoded, answered as text" },
  { method: 'POST', path: API.wallexWebhook, reason: "Airwallex's webhook: the raw body is signed" },
  { method: 'POST', path: API.taskExport, reason: 'a file download (SRT, WebVTT or ASS)' },
  { method: 'POST', path: API.glossaryExport, reason: 'a file download (CSV or TSV)' },
  { method: 'POST', path: API.batchExport, reason: "a file download (a ZIP of a batch's results)" },
  {
    method: 'GET',
    path: '/sandbox/checkout/:orderNo',
    reason: "the sandbox provider's checkout page (HTML)",
  },
  {
    method: 'POST',
    path: '/sandbox/checkout/:orderNo/:decision',
    reason: "the sandbox checkout page's form, answered by a redirect",
  },
  { method: 'GET', path: '/files/avatars/*', reason: 'an avatar image' },
  { method: 'PUT', path: '/storage/part', reason: 'local storage: a part of a direct upload (bytes)' },
  { method: 'GET', path: '/storage/object/*', reason: 'local storage: an object (bytes, with Range)' },
  { method: 'GET', path: '/sitemap.xml', reason: 'for search engines (XML)' },
  { method: 'GET', path: '/robots.txt', reason: 'for search engines (text)' },
  { method: 'GET', path: '/healthz', reason: 'liveness probe, no envelope' },
  { method: 'GET', path: '/readyz', reason: 'readiness probe, no envelope' },
  { method: 'GET', path: OPENAPI_PATH, reason: 'this document' },
];
