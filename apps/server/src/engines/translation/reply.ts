import { EngineError } from './engine.js';

/** The JSON value of a model reply: the whole text, a ``` fence, or the outermost {…} / […] in prose. */
export function jsonValueOf(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const raw = (fenced ? fenced[1]! : content).trim();
  try {
    return JSON.parse(raw);
  } catch {
    // prose around the JSON ("Here you go: {…}")
  }
  const pairs = [
    ['{', '}'],
    ['[', ']'],
  ] as const;
  const candidates = pairs
    .map(([open, close]) => [raw.indexOf(open), raw.lastIndexOf(close)] as const)
    .filter(([start, end]) => start >= 0 && end > start)
    .sort((a, b) => a[0] - b[0]);
  const first = candidates[0];
  if (!first) throw new EngineError('format', 'the reply holds no JSON');
  try {
    return JSON.parse(raw.slice(first[0], first[1] + 1));
  } catch {
    throw new EngineError('format', 'the reply is not valid JSON');
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The reply's lines, in order, for a request of `count` numbered lines ("1" … "count"). Models
 * answer the numbered map we ask for, but some wrap it in one key (`{"lines": {…}}`,
 * `{"translations": {…}}`) or answer a JSON array: one wrapping key and an array of exactly
 * `count` strings are read as the map. Anything else is refused: a missing, merged or extra line
 * ('count'), or a shape we cannot read ('format', such as two keys around the lines).
 */
export function linesOfReply(content: string, count: number): string[] {
  let value = jsonValueOf(content);
  const expected = Array.from({ length: count }, (_, i) => String(i + 1));
  if (isRecord(value)) {
    const keys = Object.keys(value);
    const only = keys.length === 1 ? value[keys[0]!] : undefined;
    // one key around the lines; a lone "1": "text" is the map of a one-line request itself
    if (isRecord(only) || Array.isArray(only)) value = only;
  }
  if (Array.isArray(value)) {
    if (value.length !== count)
      throw new EngineError('count', `expected ${count} lines, got ${value.length}`);
    if (value.some((v) => typeof v !== 'string')) throw new EngineError('format', 'a line is not text');
    return value as string[];
  }
  if (!isRecord(value)) throw new EngineError('format', 'the reply is not a JSON object or array');
  const map = value;
  const keys = Object.keys(map);
  if (!keys.some((k) => /^\d+$/.test(k)))
    throw new EngineError(
      'format',
      `no numbered lines in the reply (keys: ${keys
        .slice(0, 3)
        .map((k) => k.slice(0, 20))
        .join(', ')})`,
    );
  if (keys.length !== count || expected.some((k) => typeof map[k] !== 'string')) {
    throw new EngineError('count', `expected ${count} lines, got ${keys.length}`);
  }
  return expected.map((k) => map[k] as string);
}
