import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API, type TaskLine } from '@subtrans/contract';
import { normsFor, NORM_BOUNDS } from '@subtrans/subtitles/norms';
import { initI18n } from '../../../lib/i18n';
import { taskFixture } from '../../../lib/test-support';
import { fakeServer, renderInApp } from '../test-support';
import EditorPage from './editor-page';

const i18n = await initI18n('en');
const ID = '0b6e2f4a-9c1d-4e8b-a7f3-5d2c1b0a9e87';

const LINES: TaskLine[] = [
  [1, 0, 2900, 'Good morning.', 'Bonjour.', []],
  [2, 3000, 9000, 'It costs twenty five dollars.', 'Ça coûte vingt-cinq dollars.', []],
  [3, 10_000, 12_900, 'See you.', 'À plus.', []],
];

function server() {
  const norms = normsFor('fr');
  return fakeServer({
    [API.taskLines]: () => ({
      ...taskFixture({ id: ID, fileName: 'film.srt', segmentCount: LINES.length, duration: 13_000 }),
      lines: LINES,
    }),
    [API.qualityGet]: () => ({
      target: 'fr',
      norms,
      defaults: norms,
      overrides: {},
      bounds: Object.fromEntries(
        Object.entries(NORM_BOUNDS).map(([k, b]) => [k, { ...b, integer: Boolean(b.integer) }]),
      ),
    }),
    // each line added gets the next id of the task
    [API.taskUpdateSegments]: (body) => ({
      version: 2,
      segments: [],
      changed: [],
      created: ((body.insert ?? []) as { key: number }[]).map((n, i) => ({ key: n.key, id: 100 + i })),
      reload: false,
    }),
    [API.profile]: () => ({ id: 1, name: 'Ada', email: 'ada@example.com', role: 'user' }),
    [API.taskRetranslateQuota]: () => ({
      charsLeft: 20_000,
      charsPerDay: 20_000,
      callsLeft: 100,
      callsPerDay: 100,
      resetsAt: '2026-01-02T00:00:00.000Z',
    }),
  });
}

const field = (id: number, which: 'original' | 'translation') =>
  screen.getByTestId<HTMLTextAreaElement>(`seg-${id}-${which}`);
/** the rows' texts as the list shows them, in order */
const shown = () =>
  [
    ...document.querySelectorAll<HTMLElement>('[data-testid="segment-list"] form[data-testid^="segment-"]'),
  ].map((row) => [...row.querySelectorAll('textarea')].map((t) => t.value).join(' | '));
/** the cursor in line 2's original at `offset`, and Alt+Enter (no render in between when batched) */
function splitAt(offset: number) {
  const el = field(2, 'original');
  el.setSelectionRange(offset, offset);
  fireEvent.keyDown(window, { key: 'Enter', altKey: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('split, as the list draws it before the page', () => {
  it('a second split before the page has rendered the first cuts the lines the first left', async () => {
    server();
    renderInApp(i18n, <EditorPage />, `/edit/${ID}`);
    await screen.findByTestId('segment-2');
    act(() => field(2, 'original').focus());
    // the first split loads the maths (import()) and renders
    splitAt('It costs twenty five '.length);
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(field(2, 'original').value).toBe('It costs twenty five');
    // two more in one batch: the page renders neither before the next key reads the lines
    act(() => {
      splitAt('It costs twenty '.length);
      splitAt('It costs '.length);
    });
    await waitFor(() => expect(screen.getByText('All (6)')).toBeTruthy());
    const rows = shown();
    expect(rows).toHaveLength(6);
    // every word once, in order: no cut made again in the line as it was before the split before
    const texts = (k: 0 | 1) => rows.map((r) => r.split(' | ')[k]!.replace(/\s+/g, ' ')).join(' ');
    expect(texts(0)).toBe('Good morning. It costs twenty five dollars. See you.');
    expect(texts(1)).toBe('Bonjour. Ça coûte vingt-cinq dollars. À plus.');
    expect(rows[1]).toMatch(/^It costs \| /);
  });

  it('is drawn by the list before the page takes it; a key typed into the new line meanwhile is kept', async () => {
    const api = server();
    renderInApp(i18n, <EditorPage />, `/edit/${ID}`);
    await screen.findByTestId('segment-2');
    act(() => field(2, 'original').focus());
    splitAt('It costs twenty five '.length);
    await waitFor(() => expect(screen.getByText('All (4)')).toBeTruthy());

    act(() => splitAt('It costs '.length));
    // the list shows the new line; the page (its count) takes it after the paint
    expect(shown()).toHaveLength(5);
    expect(shown()[2]).toMatch(/^twenty five \| /);
    expect(screen.getByText('All (4)')).toBeTruthy();
    fireEvent.change(field(-2, 'translation'), { target: { value: 'vingt-cinq !' } });
    await waitFor(() => expect(screen.getByText('All (5)')).toBeTruthy());
    expect(shown()[2]).toBe('twenty five | vingt-cinq !');
    // and the save sends it as the new line's text
    await waitFor(() =>
      expect(
        api
          .to(API.taskUpdateSegments)
          .flatMap((b) => (b.insert ?? []) as { originalText: string; translatedText: string }[]),
      ).toContainEqual(
        expect.objectContaining({ originalText: 'twenty five', translatedText: 'vingt-cinq !' }),
      ),
    );
  });
});
