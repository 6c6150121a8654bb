import type { TranslateRequest } from './engine.js';

/** What a batch may carry besides its lines (issue 26). */
export type BatchExtras = Pick<TranslateRequest, 'terms' | 'brief' | 'instructions'>;

/** The bytes a batch's extras add to its prompt's JSON (UTF-8). */
export const extrasBytes = (e: BatchExtras) =>
  Object.keys(e).length ? Buffer.byteLength(JSON.stringify(e)) : 0;

/** The most of `0..n` for which `fits(k)` holds (`fits` holds for smaller k when it holds for k), or -1. */
function most(n: number, fits: (k: number) => boolean): number {
  if (fits(n)) return n;
  if (!fits(0)) return -1;
  let low = 0;
  let high = n;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/** The extras without their empty parts (an empty part is not sent). */
function tidy(e: BatchExtras): BatchExtras {
  const b = e.brief;
  const brief = b && (b.synopsis || b.register || b.characters.length) ? b : undefined;
  return {
    ...(brief ? { brief } : {}),
    ...(e.instructions ? { instructions: e.instructions } : {}),
    ...(e.terms?.length ? { terms: e.terms } : {}),
  };
}

/**
 * Issue 41: a batch's extras cut to at most `limit` bytes (extrasBytes). What helps the engine
 * least per byte goes first: the terms from the last (the glossaries' come first), then the brief's
 * characters from the last, then the synopsis and the register are shortened, then the user's
 * note; what still does not fit is left out (the brief, then the instructions).
 */
export function fitExtras(extras: BatchExtras, limit: number): BatchExtras {
  let e = tidy(extras);
  const fits = (x: BatchExtras) => extrasBytes(tidy(x)) <= limit;
  if (fits(e)) return e;
  const terms = e.terms ?? [];
  const keptTerms = Math.max(
    0,
    most(terms.length, (k) => fits({ ...e, terms: terms.slice(0, k) })),
  );
  e = { ...e, terms: terms.slice(0, keptTerms) };
  if (fits(e)) return tidy(e);
  if (e.brief) {
    const b = e.brief;
    const c = Math.max(
      0,
      most(b.characters.length, (k) => fits({ ...e, brief: { ...b, characters: b.characters.slice(0, k) } })),
    );
    e = { ...e, brief: { ...b, characters: b.characters.slice(0, c) } };
    for (const field of ['synopsis', 'register'] as const) {
      if (fits(e)) return tidy(e);
      const brief = e.brief!;
      const text = [...brief[field]];
      const cut = (k: number) => ({ ...e, brief: { ...brief, [field]: text.slice(0, k).join('') } });
      e = cut(
        Math.max(
          0,
          most(text.length, (k) => fits(cut(k))),
        ),
      );
    }
  }
  if (fits(e)) return tidy(e);
  if (e.instructions) {
    const i = e.instructions;
    const note = [...i.note];
    const cut = (k: number) => ({ ...e, instructions: { ...i, note: note.slice(0, k).join('') } });
    e = cut(
      Math.max(
        0,
        most(note.length, (k) => fits(cut(k))),
      ),
    );
  }
  if (fits(e)) return tidy(e);
  const withoutBrief = { ...e };
  delete withoutBrief.brief;
  return fits(withoutBrief) ? tidy(withoutBrief) : {};
}
