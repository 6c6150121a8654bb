import { useCallback, useState } from 'react';
import {
  RENDER_BACKGROUNDS,
  RENDER_FONTS,
  RENDER_LIMITS,
  RENDER_POSITIONS,
  RENDER_RESOLUTIONS,
  type RenderResolution,
  type RenderStyle,
} from '@subtrans/contract';
import { useSession } from '../../../lib/session';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

/**
 * The contract's default style (DEFAULT_RENDER_STYLE), written out: that one is parsed by its zod
 * schema, and the pages load no schema (lib/api-client.ts). render-style.test.ts keeps them equal.
 */
export const DEFAULT_STYLE: RenderStyle = {
  font: 'sans',
  size: RENDER_LIMITS.defaultSize,
  colour: '#ffffff',
  background: 'outline',
  position: 'bottom',
  bilingual: false,
};

export interface RenderChoice {
  style: RenderStyle;
  resolution: RenderResolution;
}

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;

/** A stored choice read back field by field: what is missing or no longer allowed is the default. */
export function readChoice(raw: string | null): RenderChoice {
  let v: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') v = parsed as Record<string, unknown>;
  } catch {
    // a broken value: the defaults
  }
  const s = (v.style && typeof v.style === 'object' ? v.style : {}) as Record<string, unknown>;
  const size = typeof s.size === 'number' ? s.size : NaN;
  return {
    style: {
      font: oneOf(RENDER_FONTS, s.font, DEFAULT_STYLE.font),
      size:
        size >= RENDER_LIMITS.minSize && size <= RENDER_LIMITS.maxSize
          ? Math.round(size * 10) / 10
          : DEFAULT_STYLE.size,
      colour:
        typeof s.colour === 'string' && /^#[0-9a-f]{6}$/i.test(s.colour)
          ? s.colour.toLowerCase()
          : DEFAULT_STYLE.colour,
      background: oneOf(RENDER_BACKGROUNDS, s.background, DEFAULT_STYLE.background),
      position: oneOf(RENDER_POSITIONS, s.position, DEFAULT_STYLE.position),
      bilingual: typeof s.bilingual === 'boolean' ? s.bilingual : DEFAULT_STYLE.bilingual,
    },
    resolution: oneOf(RENDER_RESOLUTIONS, v.resolution, 'source'),
  };
}

const keyOf = (userId: number | undefined) => `${STORAGE_KEYS.renderStyle}:${userId ?? 'anyone'}`;

/**
 * Issue 40 §1: the style and resolution of the dialog, starting from the last ones this user
 * rendered with on this browser (so a creator's second video looks like the first). `remember`
 * stores them; it is called when a render starts, not on every change.
 */
export function useRenderStyle() {
  const { user } = useSession();
  const key = keyOf(user?.id);
  const [choice, setChoice] = useState<RenderChoice>(() => readChoice(storage.get(key)));
  const setStyle = useCallback(
    (patch: Partial<RenderStyle>) => setChoice((c) => ({ ...c, style: { ...c.style, ...patch } })),
    [],
  );
  const setResolution = useCallback(
    (resolution: RenderResolution) => setChoice((c) => ({ ...c, resolution })),
    [],
  );
  const remember = useCallback((c: RenderChoice) => storage.set(key, JSON.stringify(c)), [key]);
  return { ...choice, setStyle, setResolution, remember };
}
