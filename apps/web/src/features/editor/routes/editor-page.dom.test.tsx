import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  API,
  type QualityLimits,
  type ReviewFlagName,
  type SegmentPatch,
  type TaskLine,
  type TaskWithLines,
} from '@subtrans/contract';
import { normsFor, NORM_BOUNDS } from '@subtrans/subtitles/norms';
import { initI18n } from '../../../lib/i18n';
import { taskFixture } from '../../../lib/test-support';
import { fakeServer, renderInApp } from '../test-support';
import EditorPage from './editor-page';

const i18n = await initI18n('en');
const ID = '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60';

/** five lines of 3 s each; lines 2 and 4 carry review flags */
const LINES: TaskLine[] = [
  [1, 0, 2900, 'Good morning.', 'Bonjour.', []],
  [2, 3000, 5900, 'It costs 25 dollars.', 'Ça coûte dollars.', ['numbers-missing']],
  [3, 6000, 8900, 'See you.', 'À plus.', []],
  [4, 9000, 11_900, 'Thanks.', 'Thanks.', ['kept-original', 'source-language']],
  [5, 12_000, 14_900, 'Bye.', 'Salut.', []],
];

const task = (over: Partial<TaskWithLines> = {}): TaskWithLines => ({
  ...taskFixture({
    id: ID,
    fileName: 'film.srt',
    segmentCount: LINES.length,
    duration: 15_000,
    keptOriginal: 1,
    submitTime: '2026-01-01T10:00:00.000Z',
    reviewCount: 2,
  }),
  lines: LINES,
  ...over,
});

const limits = (target: string, overrides: QualityLimits['overrides'] = {}): QualityLimits => {
  const defaults = normsFor(target);
  return {
    target,
    norms: { ...defaults, ...overrides },
    defaults,
    overrides,
    bounds: Object.fromEntries(
      Object.entries(NORM_BOUNDS).map(([k, b]) => [k, { ...b, integer: Boolean(b.integer) }]),
    ),
  };
};

function server(
  t: TaskWithLines = task(),
  quality = limits(t.targetLanguage),
  more: Parameters<typeof fakeServer>[0] = {},
) {
  return fakeServer({
    [API.taskLines]: () => t,
    [API.qualityGet]: () => quality,
    [API.profile]: () => ({ id: 1, name: 'Ada', email: 'ada@example.com', role: 'user' }),
    [API.taskRetranslateQuota]: () => ({
      charsLeft: 20_000,
      charsPerDay: 20_000,
      callsLeft: 100,
      callsPerDay: 100,
      resetsAt: '2026-01-02T00:00:00.000Z',
    }),
    ...more,
  });
}

const open = (query = '') => renderInApp(i18n, <EditorPage />, `/edit/${ID}${query}`);
const press = (init: KeyboardEventInit) => fireEvent.keyDown(window, init);
const focused = () => (document.activeElement as HTMLElement | null)?.dataset.testid;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the editor’s lines to review', { timeout: 30_000 }, () => {
  it('shows each line’s review flags as tags that say what they mean, and counts them', async () => {
    server();
    open();
    const row = await screen.findByTestId('segment-4');
    const tags = [...row.querySelectorAll<HTMLElement>('[data-review-flag]')];
    expect(tags.map((t) => t.textContent)).toEqual(['Kept its original', 'Still in the source language']);
    expect(tags[0]!.title).toBe('The engine could not translate this line and kept the original text.');
    expect(tags[0]!.getAttribute('aria-label')).toMatch(/^Kept its original: The engine could not/);
    expect(screen.getByTestId('segment-2').dataset.review).toBe('numbers-missing');
    expect(screen.getByTestId('segment-1').dataset.review).toBeUndefined();
    expect(screen.getByText('To review (2)')).toBeTruthy();
    // flags never hold the export back
    expect(screen.getByTestId<HTMLButtonElement>('editor-export').disabled).toBe(false);
  });

  it('opens on all lines, even from an old ?review=1 link; the filter shows them alone, kept for the session', async () => {
    server();
    open('?review=1');
    expect(await screen.findByTestId('segment-1')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('filter-all').checked).toBe(true);
    // each choice with its count (the norms' once the limits are in)
    await waitFor(() =>
      expect(screen.getByTestId('line-filter').textContent).toBe('All (5)To review (2)With issues (1)'),
    );
    fireEvent.click(screen.getByTestId('filter-review'));
    await waitFor(() => expect(screen.queryByTestId('segment-1')).toBeNull());
    expect(screen.getByTestId('segment-2')).toBeTruthy();
    expect(screen.getByTestId('segment-4')).toBeTruthy();
    expect(sessionStorage.getItem(`editor-filter:${ID}`)).toBe('review');
    // the same task opened again in this tab: the choice holds
    cleanup();
    open();
    expect(await screen.findByTestId('segment-2')).toBeTruthy();
    expect(screen.queryByTestId('segment-1')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('filter-review').checked).toBe(true);
    fireEvent.click(screen.getByTestId('filter-all'));
    expect(await screen.findByTestId('segment-1')).toBeTruthy();
    expect(sessionStorage.getItem(`editor-filter:${ID}`)).toBeNull();
  });

  it('steps to the next and previous line to review with F8 and Shift+F8, going round', async () => {
    server();
    open();
    await screen.findByTestId('segment-1');
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-2-translation'));
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-4-translation'));
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-2-translation'));
    press({ key: 'F8', shiftKey: true });
    await waitFor(() => expect(focused()).toBe('seg-4-translation'));
  });

  it('replaces a line’s tags with the flags the save answered: the count and F8 follow', async () => {
    // the server's verdict on the lines it stored: line 2 has its number back, line 5 is now too long
    const flagsOf = (id: number): ReviewFlagName[] => (id === 5 ? ['over-budget'] : []);
    const api = server(task(), limits('fr'), {
      [API.taskUpdateSegments]: (body) => ({
        version: 2,
        segments: (body.segments as SegmentPatch[]).map((p) => ({ id: p.id, flags: flagsOf(p.id) })),
        changed: [],
        created: [],
        reload: false,
      }),
    });
    open();
    const row2 = await screen.findByTestId('segment-2');
    expect(row2.dataset.review).toBe('numbers-missing');
    fireEvent.change(screen.getByTestId('seg-2-translation'), { target: { value: 'Ça coûte 25 dollars.' } });
    await waitFor(() => expect(screen.getByText('To review (1)')).toBeTruthy());
    expect(api.to(API.taskUpdateSegments)).toEqual([
      { taskId: ID, baseVersion: 1, segments: [{ id: 2, translatedText: 'Ça coûte 25 dollars.' }] },
    ]);
    expect(screen.getByTestId('segment-2').dataset.review).toBeUndefined();
    expect(screen.getByTestId('segment-2').querySelector('[data-review-flag]')).toBeNull();

    fireEvent.change(screen.getByTestId('seg-5-translation'), {
      target: { value: 'Au revoir, à la semaine prochaine, mes amis.' },
    });
    await waitFor(() => expect(screen.getByTestId('segment-5').dataset.review).toBe('over-budget'));
    expect(screen.getByText('To review (2)')).toBeTruthy();
    expect(api.to(API.taskUpdateSegments).at(-1)).toMatchObject({ baseVersion: 2 });
    // F8 steps through the lines flagged now: 4 and 5, no longer 2
    fireEvent.click(screen.getByTestId('seg-1-original'));
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-4-translation'));
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-5-translation'));
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-4-translation'));
    // the filter shows them alone
    fireEvent.click(screen.getByTestId('filter-review'));
    await waitFor(() => expect(screen.queryByTestId('segment-2')).toBeNull());
    expect(screen.getByTestId('segment-5')).toBeTruthy();
  });

  it('replaces a re-translated line’s tags with the flags of its answer', async () => {
    server(task(), limits('fr'), {
      [API.taskRetranslate]: () => ({
        version: 2,
        results: [{ id: 4, success: true, translatedText: 'Merci.', error: null, flags: [] }],
        quota: {
          charsLeft: 19_990,
          charsPerDay: 20_000,
          callsLeft: 99,
          callsPerDay: 100,
          resetsAt: '2026-01-02T00:00:00.000Z',
        },
        changed: [],
      }),
      [API.taskUpdateSegments]: () => ({
        version: 3,
        segments: [{ id: 4, flags: [] }],
        changed: [],
        created: [],
        reload: false,
      }),
    });
    open();
    expect((await screen.findByTestId('segment-4')).dataset.review).toBe('kept-original,source-language');
    fireEvent.click(screen.getByTestId('seg-4-retranslate'));
    await waitFor(() => expect(screen.getByText('To review (1)')).toBeTruthy());
    expect(screen.getByTestId('segment-4').dataset.review).toBeUndefined();
    expect(screen.getByTestId<HTMLTextAreaElement>('seg-4-translation').value).toBe('Merci.');
  });

  it('takes the norms filter off when the next line to review is not among its lines', async () => {
    server();
    open();
    // line 4 alone breaks a norm (left as its original)
    await screen.findByText('With issues (1)');
    fireEvent.click(screen.getByTestId('filter-flagged'));
    await waitFor(() => expect(screen.queryByTestId('segment-2')).toBeNull());
    expect(screen.getByTestId('segment-4')).toBeTruthy();
    press({ key: 'F8' });
    await waitFor(() => expect(focused()).toBe('seg-2-translation'));
    expect(screen.getByTestId<HTMLInputElement>('filter-flagged').checked).toBe(false);
    expect(screen.getByTestId<HTMLInputElement>('filter-all').checked).toBe(true);
  });
});

describe('the editor’s quality flags', { timeout: 30_000 }, () => {
  const zhLine = (text: string): TaskLine[] => [[1, 0, 6000, 'A long line of the original.', text, []]];

  it("measure in the target language's norm: 16 characters a line in Chinese", async () => {
    server(task({ targetLanguage: 'zh-CN', lines: zhLine('这是一行超过十六个汉字的中文字幕文本内容') }));
    open();
    const row = await screen.findByTestId('segment-1');
    await waitFor(() => expect(row.dataset.flags).toBe('cpl'));
  });

  it('use the limits the server answered for the user', async () => {
    const api = server(
      task({ targetLanguage: 'zh-CN', lines: zhLine('这是一行超过十六个汉字的中文字幕文本内容') }),
      limits('zh-CN', { cpl: 24 }),
    );
    open();
    await waitFor(() => expect(api.to(API.qualityGet)).toEqual([{ target: 'zh-CN' }]));
    await waitFor(() => expect(screen.getByText('With issues (0)')).toBeTruthy());
    expect(screen.getByTestId('segment-1').dataset.flags).toBe('');
  });
});

// last: antd's dialog keeps the focus in it after its test (its closing animation never ends here)
describe('the editor’s keyboard help', { timeout: 30_000 }, () => {
  it('lists the keys in the shortcuts help', async () => {
    server();
    open();
    await screen.findByTestId('segment-1');
    press({ key: 'F1' });
    const help = await screen.findByTestId('shortcuts-help');
    expect(help.textContent).toContain('F8Next line to review');
    expect(help.textContent).toContain('Shift + F8Previous line to review');
  });
});
