import { z } from 'zod';
import {
  adminUserSchema,
  closeAccountBody,
  createUserBody,
  deleteUserBody,
  emailAuthBody,
  pageBody,
  profileBody,
  registerBody,
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
  ledgerEntrySchema,
  pointBalanceSchema,
  pointSummarySchema,
} from './billing.js';
import { pagedListSchema } from './envelope.js';
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
import { defineRoute, type RouteDef, type RouteException } from './route-map.js';
import { contactBody, contactReceiptSchema, siteConfigSchema } from './site.js';
import {
  createTaskFields,
  retranslateAnswerSchema,
  retranslateBody,
  retranslateQuotaSchema,
  savedSegmentsSchema,
  taskIdBody,
  taskSchema,
  taskWithLinesSchema,
  taskWithSegmentsSchema,
  updateSegmentsBody,
} from './tasks.js';
import { engineStatusSchema, translateBody } from './translation.js';

/** Paths of every call (SPEC §7 plus our own), shared by server routes and the web client. */
export const API = {
  emailAuth: '/email/auth',
  sendCode: '/user/send_code',
  register: '/user/register',
  wechatLogin: '/user/wechat_login',
  wechatState: '/user/wechat_state',
  profile: '/user/profile',
  updateProfile: '/user/update_profile',
  allUsers: '/user/all_users',
  createUser: '/user/create_user',
  deleteUser: '/user/delete_user',
  closeAccount: '/user/close_account',
  logout: '/user/logout',
  uploadAvatar: '/api/upload',
  siteConfig: '/site/config',
  /** the contact form (public): stored, then mailed to support */
  contactSubmit: '/contact/submit',
  googleAuth: '/google/auth',
  googleCallback: '/google/callback',
  getPoint: '/user/get_point',
  decrPoint: '/user/decr_point',
  pointHistory: '/user/point_history',
  pointLots: '/user/point_lots',
  grantPoints: '/user/grant_points',
  translate: '/translation/translate',
  deepseekTranslate: '/translation/deepseek_translate',
  translationEngines: '/translation/engines',
  taskCreate: '/task/create',
  taskList: '/task/list',
  taskGet: '/task/get',
  /** GET ?id=: the task with its segments as compact lines (the editor's read and live refresh) */
  taskLines: '/task/lines',
  taskDelete: '/task/delete',
  taskStart: '/task/start',
  taskExport: '/task/export',
  taskUpdateSegments: '/task/update_segments',
  productList: '/product/list',
  productTransList: '/product/trans_list',
  alipayCreate: '/alipay/create_alipay_url',
  alipayQuery: '/alipay/query_order',
  /** Alipay's asynchronous notification (server to server, form-encoded, answered `success`) */
  alipayNotify: '/alipay/notify',
  orderList: '/order/query_order_list',
  paymentQuery: '/payment/query',
  wallexCreate: '/wallex/create_payment',
  wallexQuery: '/wallex/query_payment',
  /** Airwallex's webhook (server to server, signed with x-timestamp + x-signature) */
  wallexWebhook: '/wallex/webhook',
  taskRetranslate: '/task/retranslate',
  /** what is left of today's re-translation allowance (characters and calls) */
  taskRetranslateQuota: '/task/retranslate_quota',
  /** audio/video: a direct upload of one object (see media.ts for why these answer no key pair) */
  fileStartUpload: '/file/sts-credentials',
  fileUploadParts: '/file/upload_parts',
  fileCompleteUpload: '/file/complete_upload',
  fileAbortUpload: '/file/abort_upload',
  fileDownloadUrl: '/file/sts-down-credentials',
  fileSubmitCheck: '/file/submit_check_task',
  fileCheck: '/file/check_task',
  fileSubmitExecute: '/file/submit_execute_task',
  fileCheckExecute: '/file/check_execute_task',
  fileSpeechStatus: '/file/speech_status',
} as const;

/** Where the server serves the OpenAPI document of ROUTES (public, read-only). */
export const OPENAPI_PATH = '/api/openapi.json';

const post = <const P extends string, const R extends Omit<RouteDef, 'method' | 'path'>>(path: P, route: R) =>
  defineRoute({ method: 'POST', path, ...route });
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
  uploadAvatar: post(API.uploadAvatar, { form: z.object({}), response: uploadResult }),
  siteConfig: post(API.siteConfig, { response: siteConfigSchema }),
  contactSubmit: post(API.contactSubmit, { body: contactBody, response: contactReceiptSchema }),
  getPoint: post(API.getPoint, { response: pointBalanceSchema }),
  decrPoint: post(API.decrPoint, { body: decrPointBody, response: pointBalanceSchema }),
  pointHistory: post(API.pointHistory, { body: pageBody, response: pagedListSchema(ledgerEntrySchema) }),
  pointLots: post(API.pointLots, { response: pointSummarySchema }),
  grantPoints: post(API.grantPoints, { body: grantPointsBody, response: pointBalanceSchema }),
  translate: post(API.translate, { body: translateBody, response: texts }),
  deepseekTranslate: post(API.deepseekTranslate, { body: translateBody, response: texts }),
  translationEngines: post(API.translationEngines, { response: z.array(engineStatusSchema) }),
  taskCreate: post(API.taskCreate, { form: createTaskFields, response: taskSchema }),
  taskList: post(API.taskList, { body: pageBody, response: pagedListSchema(taskSchema) }),
  taskGet: post(API.taskGet, { body: taskIdBody, response: taskWithSegmentsSchema, streamed: true }),
  taskLines: defineRoute({
    method: 'GET',
    path: API.taskLines,
    query: taskIdBody,
    response: taskWithLinesSchema,
    streamed: true,
  }),
  taskDelete: post(API.taskDelete, { body: taskIdBody, response: nothing }),
  taskStart: post(API.taskStart, { body: taskIdBody, response: taskSchema }),
  taskUpdateSegments: post(API.taskUpdateSegments, {
    body: updateSegmentsBody,
    response: savedSegmentsSchema,
  }),
  taskRetranslate: post(API.taskRetranslate, { body: retranslateBody, response: retranslateAnswerSchema }),
  taskRetranslateQuota: post(API.taskRetranslateQuota, { response: retranslateQuotaSchema }),
  productList: post(API.productList, { response: z.array(productSchema) }),
  productTransList: post(API.productTransList, { response: z.array(productSchema) }),
  alipayCreate: post(API.alipayCreate, { body: productIdBody, response: alipayCheckoutSchema }),
  alipayQuery: post(API.alipayQuery, { body: alipayQueryBody, response: alipayOrderStatusSchema }),
  orderList: post(API.orderList, { body: pageBody, response: pagedListSchema(orderSchema) }),
  paymentQuery: post(API.paymentQuery, { body: paymentQueryBody, response: paymentStatusSchema }),
  wallexCreate: post(API.wallexCreate, { body: productIdBody, response: cardPaymentSchema }),
  wallexQuery: post(API.wallexQuery, { body: cardQueryBody, response: cardPaymentStatusSchema }),
  fileStartUpload: post(API.fileStartUpload, { body: startUploadBody, response: uploadTicketSchema }),
  fileUploadParts: post(API.fileUploadParts, { body: uploadPartsBody, response: uploadPartUrlsSchema }),
  fileCompleteUpload: post(API.fileCompleteUpload, {
    body: completeUploadBody,
    response: completedUploadSchema,
  }),
  fileAbortUpload: post(API.fileAbortUpload, { body: uploadIdBody, response: nothing }),
  fileDownloadUrl: post(API.fileDownloadUrl, { body: downloadUrlBody, response: downloadUrlSchema }),
  fileSubmitCheck: post(API.fileSubmitCheck, { body: submitCheckBody, response: submittedCheckSchema }),
  fileCheck: post(API.fileCheck, { body: mediaTaskIdBody, response: detectionStateSchema }),
  fileSubmitExecute: post(API.fileSubmitExecute, {
    body: submitExecuteBody,
    response: submittedExecuteSchema,
  }),
  fileCheckExecute: post(API.fileCheckExecute, { body: mediaTaskIdBody, response: executionStateSchema }),
  fileSpeechStatus: post(API.fileSpeechStatus, { response: speechStatusSchema }),
} as const satisfies Record<string, RouteDef>;
export type Routes = typeof ROUTES;

/** Everything the server answers that is not a JSON call of ROUTES, and why. */
export const ROUTE_EXCEPTIONS: readonly RouteException[] = [
  { method: 'GET', path: API.googleAuth, reason: 'OAuth: redirects the browser to Google' },
  { method: 'GET', path: API.googleCallback, reason: 'OAuth: Google returns here; answered by a redirect' },
  { method: 'POST', path: API.alipayNotify, reason: "Alipay's notification: form-encoded, answered as text" },
  { method: 'POST', path: API.wallexWebhook, reason: "Airwallex's webhook: the raw body is signed" },
  { method: 'POST', path: API.taskExport, reason: 'a file download (SRT or WebVTT)' },
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
