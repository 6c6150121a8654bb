/*
 * Kept apart from ROUTES (routes.ts): a page that needs only a path must not load the schemas,
 * which are built when their module is evaluated.
 */
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
  /** a 6-digit code by mail to set a new password (same answer whether or not the email exists) */
  sendResetCode: '/user/send_reset_code',
  resetPassword: '/user/reset_password',
  changePassword: '/user/change_password',
  /** ends every session of the user, this one included */
  logoutAll: '/user/logout_all',
  /** a code to the address an account without one (WeChat) wants to add */
  sendEmailCode: '/user/send_email_code',
  setEmail: '/user/set_email',
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
  /** issue 38: a media task's waveform and shot changes for the timeline (queues them when missing) */
  fileOverview: '/file/overview',
  /** issue 38: a subtitle-file task given its video or audio (not transcribed, not charged) */
  fileAttachMedia: '/file/attach_media',
  /** issue 39: the signed-in user's API keys (a session only: no key manages keys) */
  apiKeyList: '/key/list',
  /** answers the whole key once; only its hash is kept */
  apiKeyCreate: '/key/create',
  apiKeyRevoke: '/key/revoke',
  /** issue 39: the user's webhook endpoint and its delivery log (a session only) */
  webhookGet: '/webhook/get',
  webhookSet: '/webhook/set',
  webhookDelete: '/webhook/delete',
  /** issue 39: many files into one or more languages: one task per file and language, started */
  batchCreate: '/batch/create',
  batchGet: '/batch/get',
  /** a ZIP of the batch's results, streamed as it is built */
  batchExport: '/batch/export',
  /** the caller's quality limits (reading norms) for one target language */
  qualityGet: '/quality/get',
  /** saves (or, with null, resets) the caller's quality limits for one target language */
  qualitySave: '/quality/save',
  /** the caller's glossaries (issue 26): list, one with its entries, save, delete, CSV/TSV */
  glossaryList: '/glossary/list',
  glossaryGet: '/glossary/get',
  glossarySave: '/glossary/save',
  glossaryDelete: '/glossary/delete',
  glossaryImport: '/glossary/import',
  /** a glossary as a CSV/TSV download */
  glossaryExport: '/glossary/export',
  /** the caller's series and their memory of names and terms */
  seriesList: '/series/list',
  seriesGet: '/series/get',
  seriesSave: '/series/save',
  seriesDelete: '/series/delete',
  /** a task's film brief: read, edit; continue after reviewing names and terms; re-apply */
  taskBrief: '/task/brief',
  taskSaveBrief: '/task/save_brief',
  taskContinue: '/task/continue',
  taskReapply: '/task/reapply',
  /** issue 34: what a task's remaining lines cost and what the balance covers; translate them */
  taskPartQuote: '/task/part_quote',
  taskTranslateRest: '/task/translate_rest',
  /** issue 40: a task's video with its lines burned in: what it costs and its latest render */
  taskRenderState: '/task/render_state',
  /** one frame in the chosen style, before rendering */
  taskRenderPreview: '/task/render_preview',
  /** starts a render (points held, charged when done) */
  taskRender: '/task/render',
  /** a URL that downloads the latest completed render */
  taskRenderDownload: '/task/render_download',
  /** issue 40 §2: a task's review links (create, list, revoke), its comments, answers, approval */
  taskReviewLinks: '/task/review_links',
  taskReviewLinkCreate: '/task/review_link_create',
  taskReviewLinkRevoke: '/task/review_link_revoke',
  taskReviewComments: '/task/review_comments',
  taskReviewAnswer: '/task/review_answer',
  taskReviewResolve: '/task/review_resolve',
  taskReviewApprove: '/task/review_approve',
  /** the reviewer's calls, without an account: the token in the body */
  reviewOpen: '/review/open',
  reviewComment: '/review/comment',
} as const;

/** Where the server serves the OpenAPI document of ROUTES (public, read-only). */
export const OPENAPI_PATH = '/api/openapi.json';
