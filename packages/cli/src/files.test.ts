import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createKey,
  findInputs,
  isOutputOf,
  jobsOf,
  missingOutputs,
  outputPath,
  startKey,
  stemOf,
  UsageError,
} from './files.js';

describe('naming the outputs', () => {
  it('writes <name>.<lang>.<format> beside the input', () => {
    expect(outputPath('/s/ep1.srt', 'ja', 'ass')).toBe('/s/ep1.ja.ass');
    expect(outputPath('/s/Film.Part.2.vtt', 'zh-CN', 'srt')).toBe('/s/Film.Part.2.zh-CN.srt');
    expect(stemOf('.hidden')).toBe('.hidden');
  });

  it("tells an earlier run's output from an input", () => {
    const stems = new Set(['ep1', 'ep2.en']);
    expect(isOutputOf('ep1.ja.srt', stems)).toBe(true);
    expect(isOutputOf('ep1.zh-CN.ass', stems)).toBe(true);
    expect(isOutputOf('ep2.en.fr.vtt', stems)).toBe(true);
    // its own stem (ep2.en) has no input beside it named ep2
    expect(isOutputOf('ep2.en.srt', stems)).toBe(false);
    expect(isOutputOf('ep3.ja.srt', stems)).toBe(false);
    expect(isOutputOf('ep1.ja.sbv', stems)).toBe(false);
  });

  it('makes one job per file × language, each with an output per format', () => {
    const jobs = jobsOf(['/s/a.srt', '/s/b.vtt'], ['en', 'ja'], ['srt', 'ass']);
    expect(jobs.map((j) => `${j.name}:${j.lang}`)).toEqual(['a.srt:en', 'a.srt:ja', 'b.vtt:en', 'b.vtt:ja']);
    expect(jobs[3]!.outputs).toEqual([
      { format: 'srt', path: '/s/b.ja.srt' },
      { format: 'ass', path: '/s/b.ja.ass' },
    ]);
  });
});

describe('the skip decision', () => {
  const [job] = jobsOf(['/s/a.srt'], ['ja'], ['srt', 'ass']);
  it('skips a job whose outputs all exist, and redoes only the missing formats', () => {
    expect(missingOutputs(job!, () => true)).toEqual([]);
    expect(missingOutputs(job!, (f) => f.endsWith('.srt')).map((o) => o.format)).toEqual(['ass']);
    expect(missingOutputs(job!, () => false)).toHaveLength(2);
  });
});

describe('Idempotency-Keys', () => {
  it('names an upload by its bytes, language and engine (and source language when given)', () => {
    expect(createKey('ab12', 'ja', 'deepseek')).toBe('ab12-ja-deepseek');
    expect(createKey('ab12', 'ja', undefined)).toBe('ab12-ja-default');
    expect(createKey('ab12', 'ja', 'openai', 'en')).toBe('ab12-ja-openai-from-en');
  });
  it('names a start by its task, with the count of earlier refusals after the first', () => {
    expect(startKey('t1', 0)).toBe('start-t1');
    expect(startKey('t1', 2)).toBe('start-t1-2');
  });
});

describe('finding the inputs', () => {
  it("takes a folder's subtitle files by name (numbers in order), not its outputs, hidden files or others", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'subtrans-cli-'));
    for (const name of [
      'ep10.srt',
      'ep2.srt',
      'ep1.ASS',
      'ep1.ja.srt',
      'notes.txt',
      '.subtrans.json',
      'x.ttml',
    ])
      await writeFile(path.join(dir, name), '');
    expect((await findInputs([dir])).map((f) => path.basename(f))).toEqual([
      'ep1.ASS',
      'ep2.srt',
      'ep10.srt',
      'x.ttml',
    ]);
    // a file named is taken as given, once
    const one = path.join(dir, 'ep2.srt');
    expect(await findInputs([one, dir])).toHaveLength(4);
    await expect(findInputs([path.join(dir, 'notes.txt')])).rejects.toThrow(UsageError);
    await expect(findInputs([path.join(dir, 'missing')])).rejects.toThrow(/no such file/);
  });
});
