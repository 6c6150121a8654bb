import { describe, expect, it } from 'vitest';
import type { Api, Task } from './api.js';
import { StatusPoller } from './job.js';
import { reporterFor } from './progress.js';
import { jobsOf } from './files.js';

const task = (id: string, status: Task['status']) => ({ id, status }) as Task;

describe('polling the tasks', () => {
  it('answers every job from one list while it is fresh, and a task it lacks with /task/get', async () => {
    const calls: string[] = [];
    const api = {
      list: async () => (calls.push('list'), [task('a', 'translating'), task('b', 'completed')]),
      get: async (id: string) => (calls.push(`get ${id}`), task(id, 'pending')),
    } as unknown as Api;
    let now = 0;
    const poller = new StatusPoller(api, 1000, () => now);
    const [a, b, c] = await Promise.all([poller.status('a'), poller.status('b'), poller.status('c')]);
    expect([a.status, b.status, c.status]).toEqual(['translating', 'completed', 'pending']);
    expect(calls).toEqual(['list', 'get c']);
    now = 1000;
    await poller.status('a');
    expect(calls).toEqual(['list', 'get c', 'list']);
  });
});

describe('progress without a terminal', () => {
  it('writes each step once, and the translation by quarters', () => {
    let text = '';
    const reporter = reporterFor({ write: (s: string) => (text += s), isTTY: false }, []);
    const bar = reporter.bar(jobsOf(['/s/ep1.srt'], ['ja'], ['srt', 'ass'])[0]!);
    bar.step('uploading');
    bar.step('uploading');
    for (const p of [0, 10, 30, 40, 80]) bar.step('translating', p);
    bar.done();
    expect(text.split('\n')).toEqual([
      'ep1.srt → ja: uploading',
      'ep1.srt → ja: translating 0%',
      'ep1.srt → ja: translating 30%',
      'ep1.srt → ja: translating 80%',
      'ep1.srt → ja: done: ep1.ja.srt, ep1.ja.ass',
      '',
    ]);
  });
});
