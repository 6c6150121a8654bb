import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, uploadSrt } from '../../../../test/support/tasks.js';
import { until } from '../../../../test/support/until.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** real-looking English subtitle files (the quality bench's), about 900 cues each */
const CORPUS = path.join(here, '../../../../../../bench/quality-corpus');

/**
 * Issue 36, the real Apertium (eng→spa) through tasks. One user's output never depends on another
 * user's earlier work: a film translated on the server's fresh pipeline and again after five other
 * users' films (translated at once through the same pipeline) comes out the same, cue for cue. And
 * a glossary's names are kept where its dictionaries would translate them. Words it leaves in
 * English are flagged, names (the film shows them inside its sentences) are not.
 */
describe(`Apertium through tasks (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ queue: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const translated = async (file: string, data: string, fields: Record<string, string> = {}) => {
    const user = await t.signUp();
    await grantPoints(t, user.id, 5000);
    const glossaryIds = fields.glossaryIds === 'NAMES' ? await namesGlossary(user.token) : '';
    const task = expectSuccess<Task>(
      await uploadSrt(
        t,
        user.token,
        { name: file, data },
        { targetLanguage: 'es', translationService: 'apertium', ...fields, glossaryIds },
      ),
    );
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: user.token }));
    const done = await until(async () => {
      const x = expectSuccess<TaskWithSegments>(
        await t.post('/task/get', { id: task.id }, { as: user.token }),
      );
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 90_000);
    expect(done.error).toBeNull();
    return done;
  };
  const translate = async (file: string) =>
    (await translated(file, readFileSync(path.join(CORPUS, file), 'utf8'))).segments.map(
      (s) => s.translatedText ?? '',
    );

  const NAMES = ['Weasel', 'Angel Dust', 'Negasonic Teenage Warhead', 'Wade'];
  const namesGlossary = async (token: string) =>
    expectSuccess<{ id: string }>(
      await t.post(
        '/glossary/save',
        {
          name: 'Names',
          targetLanguage: 'es',
          entries: NAMES.map((source) => ({ source, target: source })),
        },
        { as: token },
      ),
    ).id;

  it('translates a film the same on a fresh pipeline and after five other films', async () => {
    const [film, ...others] = readdirSync(CORPUS).filter((f) => /^en-.*\.srt$/.test(f));
    expect(others.length).toBeGreaterThanOrEqual(5);
    const first = await translate(film!);
    await Promise.all(others.map(translate));
    const again = await translate(film!);
    expect(first.length).toBeGreaterThan(500);
    expect(
      first.flatMap((line, i) => (line === again[i] ? [] : [`${i + 1}: ${line} | ${again[i]}`])),
    ).toEqual([]);
  }, 240_000);

  it('keeps a glossary’s names, which its dictionaries translate without it', async () => {
    const lines = [
      'Angel Dust and Weasel went to the bar with Wade.',
      'Weasel, come here!',
      'Negasonic Teenage Warhead and I went home.',
      'Where is Wade?',
    ];
    const srt = lines
      .map((l, i) => `${i + 1}\n00:00:0${i * 2},000 --> 00:00:0${i * 2 + 1},500\n${l}\n`)
      .join('\n');
    const plain = await translated('names.srt', srt);
    expect(plain.segments[0]!.translatedText).toMatch(/comadreja/i);
    const done = await translated('names.srt', srt, { glossaryIds: 'NAMES' });
    let asked = 0;
    let kept = 0;
    done.segments.forEach((s, i) => {
      for (const name of NAMES.filter((n) => lines[i]!.includes(n))) {
        asked += 1;
        if (s.translatedText.includes(name)) kept += 1;
      }
      // kept on purpose: neither missing nor an untranslated word
      expect(s.flags).not.toContain('term-missing');
      expect(s.flags, `${s.translatedText}`).not.toContain('source-language');
    });
    expect(kept / asked).toBe(1);
  }, 120_000);

  it('flags the lines that keep English words, not those that open with a name', async () => {
    const lines = [
      'Dopinder, drive faster.',
      'Shut up and drive, Dopinder.',
      'Lonesome cowboy, riding into town.',
      'Dude, that was totally awesome.',
      '(GRUNTS)',
      'The car is parked outside the house.',
    ];
    const srt = lines.map((l, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\n${l}\n`).join('\n');
    const done = await translated('words.srt', srt);
    const flagged = done.segments.map((s) => s.flags.includes('source-language'));
    // Dopinder stands inside a sentence of the film: a name, at either place; the rest are words
    expect(flagged, done.segments.map((s) => s.translatedText).join(' | ')).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
    // Apertium's marks are gone from the text
    for (const s of done.segments) expect(s.translatedText).not.toMatch(/[*\uE000]/u);
  }, 120_000);
});
