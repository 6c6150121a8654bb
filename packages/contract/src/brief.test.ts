import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { voiceFields } from './brief.js';

const voice = z.object(voiceFields);
const A = '0b6c1f9e-8a52-4f8e-9b1d-2f7c3a4d5e60';
const B = '7d2e4c1a-3b5f-4a6e-8c9d-0e1f2a3b4c5d';

describe('the task options of issue 26 (multipart texts or JSON)', () => {
  it('reads glossary ids as a list or a comma-separated text, once each', () => {
    expect(voice.parse({ glossaryIds: [A, B, A] }).glossaryIds).toEqual([A, B]);
    expect(voice.parse({ glossaryIds: ` ${A}, ${B},` }).glossaryIds).toEqual([A, B]);
    expect(voice.parse({ glossaryIds: '' }).glossaryIds).toEqual([]);
    expect(voice.parse({}).glossaryIds).toEqual([]);
  });

  it('names the wrong id by its position in a list, the whole field in a text', () => {
    const list = voice.safeParse({ glossaryIds: [A, 'nope'] });
    expect(list.error!.issues[0]!.path).toEqual(['glossaryIds', 1]);
    const text = voice.safeParse({ glossaryIds: `${A},nope` });
    expect(text.error!.issues[0]!.path).toEqual(['glossaryIds']);
    const many = Array.from({ length: 6 }, (_, i) => A.replace(/0$/, String(i)));
    expect(voice.safeParse({ glossaryIds: many }).error!.issues[0]!.code).toBe('too_big');
  });

  it('reads the flag, the series, the formality and the note with their defaults', () => {
    expect(voice.parse({})).toEqual({
      glossaryIds: [],
      seriesId: null,
      formality: 'source',
      translatorNote: '',
      reviewTerms: false,
    });
    const given = voice.parse({
      reviewTerms: '1',
      seriesId: A,
      formality: 'formal',
      translatorNote: ' a show ',
    });
    expect(given).toMatchObject({
      reviewTerms: true,
      seriesId: A,
      formality: 'formal',
      translatorNote: 'a show',
    });
    expect(voice.parse({ reviewTerms: 'false', seriesId: '' })).toMatchObject({
      reviewTerms: false,
      seriesId: null,
    });
    expect(voice.safeParse({ translatorNote: 'x'.repeat(501) }).success).toBe(false);
  });
});
