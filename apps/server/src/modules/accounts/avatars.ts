import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';

export const AVATAR_URL_PREFIX = '/files/avatars/';

const SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const AVATAR_TYPES: Record<string, string> = Object.fromEntries(
  SIGNATURES.map((s) => [s.ext, s.type]),
);

/** The bytes decide the type, never the file name or the declared content type. */
export function detectImage(bytes: Buffer): { ext: string; type: string } | undefined {
  return SIGNATURES.find((s) => s.test(bytes));
}

export async function saveAvatar(ctx: AppContext, userId: number, bytes: Buffer): Promise<string> {
  const image = detectImage(bytes);
  if (!image) throw new AppError('UNSUPPORTED_FILE');
  const key = `avatars/${userId}/${Date.now()}_${randomBytes(6).toString('hex')}.${image.ext}`;
  await ctx.storage.put(key, bytes);
  return `/files/${key}`;
}

/**
 * Removes an avatar we stored for this owner; external URLs (OAuth pictures) and files of other
 * users (a profile may point at any URL) are left alone.
 */
export async function removeAvatar(ctx: AppContext, url: string, ownerId: number): Promise<void> {
  const key = ownAvatarKey(url, ownerId);
  if (!key) return;
  try {
    await ctx.storage.delete(key);
  } catch (err) {
    ctx.log.warn({ err }, 'removing an avatar failed');
  }
}

/** The storage key of a picture URL when it is an avatar we stored for this owner, else null. */
export function ownAvatarKey(url: string, ownerId: number): string | null {
  return url.startsWith(`${AVATAR_URL_PREFIX}${ownerId}/`) ? url.slice('/files/'.length) : null;
}
