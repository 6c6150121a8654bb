import { safeRedirect } from './safe-redirect';

/**
 * Where the user was when they followed an in-app link: kept in the link's navigation state
 * (history.state), not read from document.referrer, which the server's Referrer-Policy
 * (no-referrer) empties and in-app navigation never sets. It survives a reload of the page.
 */
export interface OriginState {
  from: string;
}

/**
 * The state a link to `to` carries from `here`. A link to the page already shown replaces its
 * history entry (react-router), so it keeps the origin that entry had instead of naming itself.
 */
export function originState(here: { pathname: string; search: string; state: unknown }, to: string): unknown {
  if (to === here.pathname) return here.state;
  return { from: `${here.pathname}${here.search}` } satisfies OriginState;
}

/** The origin named by a page's navigation state: a same-site path, or null when unknown. */
export function originOf(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as Partial<OriginState>).from : null;
  if (typeof from !== 'string' || safeRedirect(from) !== from) return null;
  return from;
}
