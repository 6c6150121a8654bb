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
  authCallback: '/auth/callback',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  paymentSuccess: '/payment-success',
  paymentFail: '/payment-fail',
  dashboard: '/dashboard',
  assets: '/assets',
  /** the editor's route, with its parameter */
  editorRoute: '/edit/:taskId',
} as const;

/** The dashboard's sections, chosen by `?view=` (none: translate). */
export const DASHBOARD_VIEWS = ['translate', 'points', 'orders', 'users'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** The dashboard on one of its sections. */
export const dashboardView = (view: DashboardView) =>
  view === 'translate' ? paths.dashboard : `${paths.dashboard}?view=${view}`;

/** The editor of a task. */
export const editorPath = (taskId: string) => `/edit/${taskId}`;

/** The editor's addresses: /edit/{uuid} (its task's id, when it is one). */
export const EDITOR_PATH = /^\/edit\/([0-9a-f-]{36})\/?$/i;

/** Sign-in, coming back to `from` after it. */
export const loginThen = (from: string) => `${paths.login}?redirect=${encodeURIComponent(from)}`;

/** an editor address (main.tsx starts loading the editor's code at once for one) */
export const isEditorPath = (pathname: string) => pathname.startsWith('/edit/');
