import { describe, expect, it } from 'vitest';
import { EngineError } from './engine.js';
import { linesOfReply } from './reply.js';

const kindOf = (content: string, count: number) => {
  try {
    linesOfReply(content, count);
    return 'read';
  } catch (err) {
    return err instanceof EngineError ? err.kind : String(err);
  }
};

describe('reading a model reply into lines', () => {
  it('reads the bare numbered map, in key order, fenced or in prose', () => {
    expect(linesOfReply('{"2": "b", "1": "a"}', 2)).toEqual(['a', 'b']);
    expect(linesOfReply('Sure:\n```json\n{"1": "a"}\n```', 1)).toEqual(['a']);
    expect(linesOfReply('Here you go: {"1": "a", "2": "b"} Hope it helps.', 2)).toEqual(['a', 'b']);
  });

  it.each([
    ['lines', '{"lines": {"1": "a", "2": "b"}}'],
    ['translations', '{"translations": {"1": "a", "2": "b"}}'],
    ['any other single key', '{"result": {"2": "b", "1": "a"}}'],
    ['a fence', '```json\n{"lines": {"1": "a", "2": "b"}}\n```'],
  ])('accepts the map wrapped in one key: %s', (_, content) => {
    expect(linesOfReply(content, 2)).toEqual(['a', 'b']);
  });

  it('accepts a wrapped map of one line (a lone key holding an object, not a string)', () => {
    expect(linesOfReply('{"lines": {"1": "a"}}', 1)).toEqual(['a']);
    expect(linesOfReply('{"1": "a"}', 1)).toEqual(['a']);
  });

  it('accepts an array of the right length, bare, wrapped in one key, or in prose', () => {
    expect(linesOfReply('["a", "b", "c"]', 3)).toEqual(['a', 'b', 'c']);
    expect(linesOfReply('{"translations": ["a", "b"]}', 2)).toEqual(['a', 'b']);
    expect(linesOfReply('The lines: ["a", "b"]', 2)).toEqual(['a', 'b']);
  });

  it('refuses an array of the wrong length, or of something else than text', () => {
    expect(kindOf('["a", "b"]', 3)).toBe('count');
    expect(kindOf('["a", "b", "c", "d"]', 3)).toBe('count');
    expect(kindOf('{"lines": ["a"]}', 2)).toBe('count');
    expect(kindOf('[1, 2]', 2)).toBe('format');
    expect(kindOf('[{"1": "a"}, {"2": "b"}]', 2)).toBe('format');
  });

  it('refuses two keys around the lines', () => {
    expect(kindOf('{"lines": {"1": "a", "2": "b"}, "notes": "all done"}', 2)).toBe('format');
    expect(kindOf('{"lines": {"1": "a"}, "translations": {"2": "b"}}', 2)).toBe('format');
  });

  it('still refuses missing, merged, extra or renumbered lines', () => {
    expect(kindOf('{"1": "a"}', 2)).toBe('count');
    expect(kindOf('{"1": "a b"}', 2)).toBe('count');
    expect(kindOf('{"1": "a", "2": "b", "3": "c"}', 2)).toBe('count');
    expect(kindOf('{"0": "a", "1": "b"}', 2)).toBe('count');
    expect(kindOf('{"lines": {"1": "a", "3": "b"}}', 2)).toBe('count');
    expect(kindOf('{"1": "a", "2": 7}', 2)).toBe('count');
  });

  it('refuses replies that hold no lines', () => {
    expect(kindOf('I cannot translate this.', 1)).toBe('format');
    expect(kindOf('{"1": "a"', 1)).toBe('format');
    expect(kindOf('"just a string"', 1)).toBe('format');
    expect(kindOf('{}', 1)).toBe('format');
  });
});
