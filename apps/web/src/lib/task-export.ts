import { API, type ExportFormat } from '@subtrans/contract';
import { ApiError, NETWORK_ERROR_CODE } from './api-client';

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

/** Fetches the export and hands it to the browser as a download. */
export async function downloadTask(
  id: string,
  format: ExportFormat,
  includeOriginal: boolean,
  originalFirst = true,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(API.taskExport, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, format, includeOriginal, originalFirst }),
    });
  } catch (e) {
    throw new ApiError(NETWORK_ERROR_CODE, e instanceof Error ? e.message : String(e), 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(body?.code ?? NETWORK_ERROR_CODE, body?.msg ?? `HTTP ${res.status}`, res.status);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? `subtitles.${format}`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
