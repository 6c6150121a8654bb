import { paths } from './paths';
/** Where to go back after login: only same-site paths, never another origin. */
export function safeRedirect(target: string | null | undefined, fallback = paths.dashboard): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}
