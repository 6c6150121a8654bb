/** Business constants of SPEC §9. */

/** The envelope's code on success (SPEC §7); every other code is in errors.ts. */
export const SUCCESS_CODE = 20000;
/**
 * TRY_AGAIN's code (errors.ts): the call did not complete (a database connection broke, the
 * server was stopping) and may be sent once more; the web client does so by itself.
 */
export const TRY_AGAIN_CODE = 50305;

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 20,
  /** login/registration accept long passphrases; admin create keeps SPEC's 20 */
  passwordMaxLogin: 128,
  nameMin: 2,
  nameMax: 20,
  emailMax: 254,
  codeLength: 6,
  resendSeconds: 60,
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  avatarMaxBytes: 2 * 1024 * 1024,
  srtMaxBytes: 5_242_880,
  mediaMaxBytes: 3_221_225_472,
  jsonBodyMaxBytes: 1024 * 1024,
  /** characters (code points) of a segment's original text: at upload, on edit, to re-translate */
  originalTextMax: 500,
  /**
   * cues in one task: a three-hour film has about 3,000; 436,000 tiny cues fit in 5 MB and took the
   * server seconds to store and gigabytes to read back
   */
  maxCues: 20_000,
  /**
   * characters of a segment's translation when edited: an honest translation of 500 characters
   * can be longer (German, or CJK into English), so twice the original's cap
   */
  translatedTextMax: 1000,
} as const;

export const PAGE_SIZES = { tasks: 10, users: 10, orders: 10, maxPageSize: 100 } as const;

export const SESSION = {
  cookieName: 'user_sessionid',
  headerName: 'x-session-id',
  slidingDays: 7,
  absoluteDays: 30,
  /** the sliding expiry is written at most once per this many seconds per session */
  touchIntervalSeconds: 300,
} as const;

export const POLLING_MS = { taskList: 5000, detection: 3000, execution: 3000, editor: 1000 } as const;

export const REDIRECT_DELAYS_MS = {
  login: 1000,
  callback: 2000,
  callbackSessionWait: [1000, 2000],
} as const;

export const POINTS = { perMinute: 10, validityDays: 365 } as const;

/**
 * How long the product keeps what, as the terms and the privacy page promise; the server's daily
 * retention job (modules/account-life) carries them out, and the close-account page words them.
 */
export const RETENTION = {
  /** a closed account's tasks, subtitles, uploads, stored files, glossaries and series, counted from the closing */
  closedContentDays: 30,
  /** a closed account's orders and points ledger (anonymised meanwhile), and payment notifications */
  paymentRecordsYears: 5,
  /** contact messages and the other logs the product keeps in its database */
  logsMonths: 12,
} as const;

export const UI_LANGUAGES = ['zh', 'en', 'ja'] as const;

/** `<html lang>` of each interface language */
export const HTML_LANG: Record<(typeof UI_LANGUAGES)[number], string> = { zh: 'zh-CN', en: 'en', ja: 'ja' };

/** SPEC §2: addresses that show the home page, each with its own title, description and heading. */
export const SEO_ROUTES = [
  'srt-translation',
  'subtitle-editor',
  'multilingual-subtitle',
  'ai-subtitle-translation',
  'subtitle-translation-tool',
  'video-subtitle-translation',
  'online-subtitle-translator',
  'subtitle-maker',
  'subtitle-converter',
  'chinese-subtitle-translation',
  'english-subtitle-translation',
  'japanese-subtitle-translation',
  'korean-subtitle-translation',
  'help',
  'pricing',
  'blog',
  'faq',
  'tutorial',
  'guide',
] as const;

/**
 * The pages drawn under the web app's Ant Design layout route (router.tsx), the editor's being
 * `/edit/{taskId}`: the server names their code in the HTML it sends for them.
 */
export const ANTD_PAGES = [
  '/login',
  '/register',
  '/forgot-password',
  '/auth/callback',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/payment-success',
  '/payment-fail',
  '/dashboard',
  '/edit/:taskId',
  '/assets',
] as const;

/** Every public page a search engine may index (sitemap.xml lists them in each language). */
export const PUBLIC_PAGES = [
  '/',
  ...SEO_ROUTES.map((r) => `/${r}`),
  '/about',
  '/contact',
  '/terms',
  '/privacy',
];
