import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API, ErrorCodes, type Brief, type RetranslateAnswer } from '@subtrans/contract';
import { initI18n } from '../../lib/i18n';
import { chooseIn, fakeServer, renderWithApp, refusal } from '../../lib/test-support';
import { BriefDialog, type BriefDialogMode } from './brief-dialog';

const i18n = await initI18n('en');
const ID = '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60';

const BRIEF: Brief = {
  synopsis: 'Two cooks run a night kitchen in Osaka.',
  register: 'casual talk between friends',
  characters: [{ name: 'Kenji', target: '', gender: 'male', address: 'calls Aiko "senpai"' }],
  terms: [{ source: 'takoyaki', target: '', note: 'the dish' }],
};

const QUOTA = {
  charsLeft: 19_000,
  charsPerDay: 20_000,
  callsLeft: 99,
  callsPerDay: 100,
  resetsAt: '2026-01-02T00:00:00.000Z',
};
const answer = (ids: number[]): RetranslateAnswer => ({
  version: 3,
  results: ids.map((id) => ({ id, success: true, translatedText: `line ${id}`, error: null, flags: [] })),
  quota: QUOTA,
  changed: [],
});

function server(routes: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  return fakeServer({
    [API.taskBrief]: () => ({ taskId: ID, brief: BRIEF }),
    [API.taskSaveBrief]: (b) => ({ taskId: ID, brief: b.brief }),
    [API.taskContinue]: () => ({ id: ID }),
    [API.taskReapply]: () => answer([2, 5, 9]),
    ...routes,
  });
}

function open(mode: BriefDialogMode, props: Partial<Parameters<typeof BriefDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithApp(
    i18n,
    <BriefDialog
      task={{ id: ID, fileName: 'kitchen.srt', voice: { reviewExpiresAt: '2026-01-08T00:00:00.000Z' } }}
      mode={mode}
      onClose={onClose}
      onChanged={onChanged}
      {...props}
    />,
  );
  return { onClose, onChanged };
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the film brief', { timeout: 60_000 }, () => {
  it('is reviewed before translating: names and terms edited, then sent with "continue"', async () => {
    const api = server();
    const { onClose, onChanged } = open('review');
    expect(await screen.findByRole('dialog', { name: 'Review names and terms' })).toBeTruthy();
    expect((await screen.findByTestId('brief-intro')).textContent).toContain(
      'If you do not continue by January 8, 2026',
    );
    expect(screen.getByTestId<HTMLTextAreaElement>('brief-synopsis').value).toBe(BRIEF.synopsis);
    fireEvent.change(box('Name in the translation, row 1'), { target: { value: 'Kenji' } });
    fireEvent.change(box('Translation, row 1'), { target: { value: 'takoyaki (boulettes de poulpe)' } });
    fireEvent.click(screen.getByTestId('brief-characters-add'));
    fireEvent.change(box('Name, row 2'), { target: { value: 'Aiko' } });
    await chooseIn(screen.getByRole('combobox', { name: 'Gender, row 2' }), 'Female');
    fireEvent.click(screen.getByTestId('brief-continue'));
    await waitFor(() => expect(api.to(API.taskContinue)).toHaveLength(1));
    expect(api.to(API.taskContinue)[0]).toEqual({
      id: ID,
      brief: {
        ...BRIEF,
        characters: [
          { ...BRIEF.characters[0], target: 'Kenji' },
          { name: 'Aiko', target: '', gender: 'female', address: '' },
        ],
        terms: [{ ...BRIEF.terms[0], target: 'takoyaki (boulettes de poulpe)' }],
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
  });

  it('names the rows that lack a name or a term, and sends nothing', async () => {
    const api = server();
    open('review');
    await screen.findByTestId('brief-dialog');
    fireEvent.click(screen.getByTestId('brief-terms-add'));
    fireEvent.change(box('Translation, row 2'), { target: { value: 'sans terme' } });
    fireEvent.click(screen.getByTestId('brief-continue'));
    expect((await screen.findByTestId('brief-outcome')).textContent).toBe(
      'Fill in the name or term of these rows, or empty them. Characters: —; terms: 2.',
    );
    expect(api.to(API.taskContinue)).toEqual([]);
  });

  it('is saved later without changing translated lines, then re-applied (saved first) with the lines it changed', async () => {
    const api = server();
    const { onChanged } = open('view');
    expect(await screen.findByRole('dialog', { name: 'Film brief' })).toBeTruthy();
    expect((await screen.findByTestId('brief-intro')).textContent).toContain(
      'Editing the brief does not change lines already translated until you re-apply it.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('brief-save').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('brief-register'), { target: { value: 'formal narration' } });
    fireEvent.click(screen.getByTestId('brief-save'));
    await waitFor(() => expect(api.to(API.taskSaveBrief)).toHaveLength(1));
    expect(api.to(API.taskSaveBrief)[0]).toEqual({
      id: ID,
      brief: { ...BRIEF, register: 'formal narration' },
    });
    expect((await screen.findByTestId('brief-outcome')).textContent).toContain('Brief saved');
    fireEvent.change(box('Translation, row 1'), { target: { value: 'takoyaki' } });
    fireEvent.click(screen.getByTestId('brief-reapply'));
    await waitFor(() =>
      expect(screen.getByTestId('brief-outcome').textContent).toBe('3 lines translated again.'),
    );
    // the edit was saved before the re-apply read it
    expect(api.calls.map((c) => c.path).slice(-2)).toEqual([API.taskSaveBrief, API.taskReapply]);
    expect(api.to(API.taskReapply)).toEqual([{ id: ID }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it("re-applies through the caller's own run (the editor's)", async () => {
    const api = server();
    const run = vi.fn(async () => answer([4]));
    open('view', { reapply: run });
    await screen.findByTestId('brief-dialog');
    fireEvent.click(screen.getByTestId('brief-reapply'));
    await waitFor(() =>
      expect(screen.getByTestId('brief-outcome').textContent).toBe('1 line translated again.'),
    );
    expect(run).toHaveBeenCalledTimes(1);
    expect(api.to(API.taskReapply)).toEqual([]);
  });

  it("says the allowance's refusal as re-translation does", async () => {
    server({
      [API.taskReapply]: () => {
        throw refusal(ErrorCodes.RETRANSLATE_BUDGET_EXCEEDED.code, 'budget', {
          ...QUOTA,
          charsLeft: 10,
          needed: 400,
        });
      },
    });
    open('view');
    await screen.findByTestId('brief-dialog');
    fireEvent.click(screen.getByTestId('brief-reapply'));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This needs 400 characters and 10 are left today/,
    );
  });

  it("words the server's refusal of a re-apply", async () => {
    server({
      [API.taskReapply]: () => {
        throw refusal(
          ErrorCodes.NOTHING_TO_REAPPLY.code,
          'No lines to re-apply: the translation already agrees with the glossaries and the brief',
        );
      },
    });
    open('view');
    await screen.findByTestId('brief-dialog');
    fireEvent.click(screen.getByTestId('brief-reapply'));
    expect((await screen.findByRole('alert')).textContent).toContain('No lines to re-apply');
  });

  it('offers an empty brief to fill in when none was written', async () => {
    server({ [API.taskBrief]: () => ({ taskId: ID, brief: null }) });
    open('view');
    expect(await screen.findByText(/No brief has been written for this task/)).toBeTruthy();
    expect(screen.getAllByText('No rows yet')).toHaveLength(2);
  });
});
