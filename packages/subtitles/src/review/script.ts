import { Converter as toTraditional } from 'opencc-js/cn2t';
import { Converter as toSimplified } from 'opencc-js/t2cn';

/**
 * Simplified or Traditional Chinese, told by OpenCC (opencc-js): the characters a line holds that
 * OpenCC would change in either direction. OpenCC converts by phrases, so a character both scripts
 * write alike in that phrase ("著名") is evidence of neither. The dictionaries are large (about
 * 1.2 MB): this module is for the server, never imported by anything the web bundles.
 */

type Convert = (text: string) => string;
let s2t: Convert | null = null;
let t2s: Convert | null = null;

const HAN = /\p{Script=Han}/u;

/** Han characters at which `a` and its conversion `b` differ (a length change counts them all). */
function differing(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const han = x.filter((c) => HAN.test(c)).length;
  if (x.length !== y.length) return han;
  let n = 0;
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i] && HAN.test(x[i]!)) n += 1;
  return n;
}

export interface ScriptEvidence {
  /** characters written the simplified way (they would change into Traditional) */
  simplified: number;
  /** characters written the traditional way (they would change into Simplified) */
  traditional: number;
}

export function scriptEvidence(text: string): ScriptEvidence {
  if (!HAN.test(text)) return { simplified: 0, traditional: 0 };
  s2t ??= toTraditional({ from: 'cn', to: 'hk' });
  t2s ??= toSimplified({ from: 'hk', to: 'cn' });
  return { simplified: differing(text, s2t(text)), traditional: differing(text, t2s(text)) };
}

/**
 * Whether a line asked in one Chinese script is written in the other: it must hold at least one
 * character that differs between the two, and more of the other script's than of the one asked
 * (a single variant among a line written the right way is not flagged: OpenCC's variant tables
 * overlap a little, and such a line reads right).
 */
export function inWrongScript(text: string, target: 'simplified' | 'traditional'): boolean {
  const e = scriptEvidence(text);
  return target === 'simplified' ? e.traditional > e.simplified : e.simplified > e.traditional;
}
