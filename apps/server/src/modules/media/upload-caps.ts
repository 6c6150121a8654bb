import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { mediaUsage } from './storage-usage.repository.js';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1024-based, one decimal at most: '10 GB', '9.5 GB', '104.9 KB' */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${UNITS[unit]}`;
}

/** MEDIA_MAX_STORED_GB in bytes (GB = 2^30, as SPEC §5's 3 GB) */
export const storedBytesCap = (ctx: AppContext) => Math.floor(ctx.env.MEDIA_MAX_STORED_GB * 1024 ** 3);

/**
 * Refuses an upload of `size` declared bytes that would pass one of the user's caps: open uploads
 * (MEDIA_MAX_OPEN_UPLOADS) or stored audio/video (MEDIA_MAX_STORED_GB). The answer says what is
 * used, the cap, and (in the message) what to do. Only the server's own figures count.
 */
export async function assertWithinCaps(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  size: number,
): Promise<void> {
  const usage = await mediaUsage(q, userId);
  const maxOpen = ctx.env.MEDIA_MAX_OPEN_UPLOADS;
  if (usage.openUploads >= maxOpen)
    throw new AppError('UPLOADS_OPEN_LIMIT', undefined, { open: usage.openUploads, max: maxOpen });
  const cap = storedBytesCap(ctx);
  if (usage.storedBytes + size > cap)
    throw new AppError('MEDIA_STORAGE_FULL', undefined, {
      used: formatBytes(usage.storedBytes),
      size: formatBytes(size),
      max: formatBytes(cap),
      usedBytes: usage.storedBytes,
      sizeBytes: size,
      maxBytes: cap,
    });
}
