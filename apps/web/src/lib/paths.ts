/**
 * The web app's addresses, in one place: links and navigation use these, and app/router.tsx
 * declares its routes with them. (SEO addresses of the home page are SEO_ROUTES in the contract.)
 */
export const paths = {
  home: '/',
  /** the home page under a second name */
  homeAlias: '/home',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  authCallback: '/auth/callback',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  paymentSuccess: '/payment-success',
  paymentFail: '/payment-fail',
  dashboard: '/dashboard',
  assets: '/assets',
  /** issue 40 §2: a review link, `/review#<token>` (the contract's REVIEW_PAGE_PATH), public */
  review: '/review',
  /** the editor's route, with its parameter */
  editorRoute: '/edit/:taskId',
} as const;

/** The dashboard's sections, chosen by `?view=` (none: translate). */
export const DASHBOARD_VIEWS = [
  'translate',
  'glossaries',
  'series',
  'points',
  'orders',
  'keys',
  'users',
] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** The dashboard on one of its sections. */
export const dashboardView = (view: DashboardView) =>
  view === 'translate' ? paths.dashboard : `${paths.dashboard}?view=${view}`;

/** The glossaries' page, or one glossary on it ('new': a glossary being made). */
export const glossaryPath = (id?: string) =>
  id ? `${dashboardView('glossaries')}&glossary=${encodeURIComponent(id)}` : dashboardView('glossaries');

/** The series' page, or one series on it ('new': a series being made). */
export const seriesPath = (id?: string) =>
  id ? `${dashboardView('series')}&series=${encodeURIComponent(id)}` : dashboardView('series');

/** The editor of a task (it opens on all lines; its lines to review are a filter there). */
export const editorPath = (taskId: string) => `/edit/${taskId}`;

/** issue 40 §2: the editor with its reviewers' comments open (`EDITOR_COMMENTS_PARAM`) */
export const EDITOR_COMMENTS_PARAM = 'comments';
export const editorCommentsPath = (taskId: string) => `${editorPath(taskId)}?${EDITOR_COMMENTS_PARAM}=open`;

/**
 * A task id's shape: the UUIDs the contract's z.uuid() accepts (RFC 9562 versions 1–8, the nil
 * and max UUIDs), without loading zod into the pages. Anything else cannot name a task.
 */
const TASK_ID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
export const isTaskId = (id: string) => TASK_ID.test(id);

/** The editor's addresses: /edit/{id} (its task's id, when it is one). */
export const EDITOR_PATH = /^\/edit\/([0-9a-f-]{36})\/?$/i;

/** Sign-in, coming back to `from` after it. */
export const loginThen = (from: string) => `${paths.login}?redirect=${encodeURIComponent(from)}`;

/** an editor address (main.tsx starts loading the editor's code at once for one) */
export const isEditorPath = (pathname: string) => pathname.startsWith('/edit/');
