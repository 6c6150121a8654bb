/**
 * An address as the start banner and the process records show it: no user, password, query or
 * fragment (where a key might sit), no trailing slash.
 */
export function displayUrl(raw: string): string {
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}
