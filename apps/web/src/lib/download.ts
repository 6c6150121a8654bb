import { ApiError, apiLanguage, NETWORK_ERROR_CODE } from './api-client';

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/** Hands the file at `url` to the browser as `name` (the page stays where it is). */
export function saveUrl(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * POSTs `body` as JSON to a call that answers a file (ROUTE_EXCEPTIONS' downloads) and hands the
 * file to the browser; a refusal answers the envelope and is thrown as an ApiError.
 */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': apiLanguage() },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(NETWORK_ERROR_CODE, e instanceof Error ? e.message : String(e), 0);
  }
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(answer?.code ?? NETWORK_ERROR_CODE, answer?.msg ?? `HTTP ${res.status}`, res.status);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
