import { describe, expect, it } from 'vitest';
import { BRIEF_LIMITS } from '@subtrans/contract';
import { briefMessage, briefOfReply, extrasMessage } from './openai-brief.js';

describe("a language model's brief of one part", () => {
  it('reads the brief, fenced or wrapped in one key, leniently', () => {
    const brief = {
      synopsis: 'A cook opens a shop.',
      register: 'casual',
      characters: [
        { name: 'Kenji', target: '健二', gender: 'male', address: 'polite to elders' },
        { name: 'Aiko', gender: 'woman' },
        { target: 'nameless' },
        'not an object',
      ],
      terms: [{ source: 'Ramen', target: 'ラーメン' }, { target: 'no source' }],
    };
    const expected = {
      synopsis: 'A cook opens a shop.',
      register: 'casual',
      characters: [
        { name: 'Kenji', target: '健二', gender: 'male', address: 'polite to elders' },
        { name: 'Aiko', target: '', gender: 'unknown', address: '' },
      ],
      terms: [{ source: 'Ramen', target: 'ラーメン', note: '' }],
    };
    expect(briefOfReply(JSON.stringify(brief))).toEqual(expected);
    expect(briefOfReply(`Here:\n\`\`\`json\n${JSON.stringify({ brief })}\n\`\`\``)).toEqual(expected);
    expect(briefOfReply('{}')).toEqual({ synopsis: '', register: '', characters: [], terms: [] });
  });

  it('cuts what is too long, and refuses what is no JSON object', () => {
    const long = briefOfReply(
      JSON.stringify({ synopsis: 'x'.repeat(5000), characters: [{ name: 'y'.repeat(300) }] }),
    );
    expect(long.synopsis).toHaveLength(BRIEF_LIMITS.synopsisChars);
    expect(long.characters[0]!.name).toHaveLength(BRIEF_LIMITS.nameChars);
    expect(() => briefOfReply('I cannot help with that.')).toThrow(/JSON/);
    expect(() => briefOfReply('["a", "b"]')).toThrow(/JSON object/);
  });

  it('asks with the part, the synopsis budget and the known names only when there are some', () => {
    const req = {
      lines: ['Hi.'],
      source: 'en',
      target: 'ja',
      part: { index: 2, count: 3 },
      synopsisChars: 499,
    };
    expect(briefMessage(req)).toEqual({
      source: 'en',
      target: 'ja',
      part: '2 of 3',
      max_synopsis: 499,
      lines: ['Hi.'],
    });
    expect(briefMessage({ ...req, known: { characters: [], terms: [] } })).not.toHaveProperty('known');
  });

  it("sends a batch's brief, instructions and terms only when it has them", () => {
    const base = { lines: ['a'], context: { before: [], after: [] }, source: 'en', target: 'ja' };
    expect(extrasMessage(base)).toEqual({});
    const brief = { synopsis: 's', register: 'r', characters: [] };
    const instructions = { formality: 'formal' as const, note: 'keep brand names' };
    expect(extrasMessage({ ...base, brief, instructions, terms: [] })).toEqual({ brief, instructions });
  });
});
