import { describe, expect, it } from 'vitest';
import { createTaskFields, submitExecuteBody } from '@subtrans/contract';
import { DEFAULT_VOICE, setVoiceFields, voiceOf } from './voice-options';

const G1 = '0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d';
const G2 = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const S = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';

describe("a task's voice options", () => {
  it('takes defaults for fields the form never showed', () => {
    expect(voiceOf({})).toEqual(DEFAULT_VOICE);
    expect(voiceOf({ formality: 'loud', seriesId: '', translatorNote: '  keep brands  ' })).toEqual({
      ...DEFAULT_VOICE,
      translatorNote: 'keep brands',
    });
  });

  it('is sent as multipart fields /task/create reads back as the same options', () => {
    const v = voiceOf({
      glossaryIds: [G1, G2],
      seriesId: S,
      formality: 'informal',
      translatorNote: 'a cooking show',
      reviewTerms: true,
    });
    const form = new FormData();
    setVoiceFields(form, v);
    const fields = Object.fromEntries(form.entries());
    expect(fields.glossaryIds).toBe(`${G1},${G2}`);
    const parsed = createTaskFields.parse({ ...fields, targetLanguage: 'fr' });
    expect(parsed).toMatchObject(v);
    const none = new FormData();
    setVoiceFields(none, DEFAULT_VOICE);
    expect(
      createTaskFields.parse({ ...Object.fromEntries(none.entries()), targetLanguage: 'fr' }),
    ).toMatchObject(DEFAULT_VOICE);
  });

  it('is sent as JSON /file/submit_execute_task reads back as the same options', () => {
    const v = voiceOf({ glossaryIds: [G1], seriesId: S, formality: 'formal', reviewTerms: true });
    const body = submitExecuteBody.parse({ taskId: S, targetLau: 'fr', ...v });
    expect(body).toMatchObject(v);
    expect(submitExecuteBody.parse({ taskId: S, targetLau: 'fr', ...DEFAULT_VOICE })).toMatchObject(
      DEFAULT_VOICE,
    );
  });
});

describe('the options sent with an engine (issue 34)', () => {
  const rules = {
    kind: 'rule-based',
    terms: false,
    instructions: false,
    brief: false,
    condense: false,
  } as const;
  const set = {
    glossaryIds: [G1],
    seriesId: S,
    formality: 'formal',
    translatorNote: 'a note',
    reviewTerms: true,
  };

  it('leaves out, at their default, those the engine would ignore', () => {
    expect(voiceOf(set, rules)).toEqual(DEFAULT_VOICE);
    expect(voiceOf(set, { ...rules, kind: 'language-model', instructions: true })).toEqual({
      ...DEFAULT_VOICE,
      formality: 'formal',
      translatorNote: 'a note',
    });
  });

  it('keeps every option while the engine is unknown, or honours them all', () => {
    const all = {
      kind: 'language-model',
      terms: true,
      instructions: true,
      brief: true,
      condense: true,
    } as const;
    expect(voiceOf(set, null)).toEqual(voiceOf(set));
    expect(voiceOf(set, all)).toEqual(voiceOf(set));
    expect(voiceOf(set).glossaryIds).toEqual([G1]);
  });
});
