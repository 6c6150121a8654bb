import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { mediaTracking } from '../api/media';
import { MediaConfirmDialog, type MediaConfirmTarget } from './media-confirm-dialog';
import { fakeServer, renderWithApp } from './test-support';

const i18n = await initI18n('en');
const TASK = '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60';
const GLOSSARY = '0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d';
const SERIES = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';

const target = (over: Partial<MediaConfirmTarget> = {}): MediaConfirmTarget => ({
  taskId: TASK,
  fileName: 'clip.mp4',
  mediaSize: 2048,
  durationSeconds: 90,
  estimatedPoints: 20,
  mediaExpiresAt: null,
  sourceLau: 'en',
  targetLau: 'ja',
  both: 1,
  translationService: 'deepseek',
  ...over,
});

function server(point = 1000) {
  return fakeServer({
    [API.getPoint]: () => ({ point }),
    [API.fileSubmitExecute]: () => ({ taskId: TASK }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the audio/video confirmation', { timeout: 30_000 }, () => {
  it.each([
    [true, true],
    [false, false],
    // not known in this tab: not sent, the server keeps what the detection was given
    [undefined, undefined],
  ])("sends the upload's line-break option (%s) with the execution", async (keep, sent) => {
    const api = server();
    const onClose = vi.fn();
    renderWithApp(i18n, <MediaConfirmDialog target={target({ keepEngineBreaks: keep })} onClose={onClose} />);
    await waitFor(() => expect(api.to(API.getPoint)).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('media-confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect('keepEngineBreaks' in api.to(API.fileSubmitExecute)[0]!).toBe(sent !== undefined);
    expect(api.to(API.fileSubmitExecute)).toEqual([
      {
        taskId: TASK,
        sourceLau: 'en',
        targetLau: 'ja',
        both: 1,
        translationService: 'deepseek',
        keepEngineBreaks: sent,
      },
    ]);
    // the voice options not known in this tab are not sent: the server keeps the detection's
    expect('reviewTerms' in api.to(API.fileSubmitExecute)[0]!).toBe(false);
  });

  it("sends the upload's glossaries, series, formality, note and review with the execution", async () => {
    const api = server();
    const onClose = vi.fn();
    const voice = {
      glossaryIds: [GLOSSARY],
      seriesId: SERIES,
      formality: 'informal' as const,
      translatorNote: 'a cooking show',
      reviewTerms: true,
    };
    renderWithApp(i18n, <MediaConfirmDialog target={target({ voice })} onClose={onClose} />);
    await waitFor(() => expect(api.to(API.getPoint)).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('media-confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.to(API.fileSubmitExecute)[0]).toMatchObject(voice);
    // followed with them, so a reload keeps them
    expect(mediaTracking.snapshot().find((e) => e.taskId === TASK)).toMatchObject({
      stage: 'execute',
      voice,
    });
  });

  it('offers the first whole minutes the balance covers, and asks the server for no more', async () => {
    // 2:05 costs 30 points; 15 points cover the first minute (10 points)
    const api = server(15);
    const onClose = vi.fn();
    renderWithApp(
      i18n,
      <MediaConfirmDialog target={target({ durationSeconds: 125, estimatedPoints: 30 })} onClose={onClose} />,
    );
    expect((await screen.findByTestId('part-offer-range')).textContent).toContain(
      'Your points cover the first 1 min for 10 points.',
    );
    expect(screen.getByTestId('part-offer').textContent).toContain(
      'The whole file costs 30 points; you have 15.',
    );
    const ok = screen.getByTestId('media-confirm-ok');
    expect(ok.textContent).toContain('Translate this part (10 points)');
    fireEvent.click(ok);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.to(API.fileSubmitExecute)[0]).toMatchObject({ taskId: TASK, part: { maxPoints: 10 } });
  });

  it('offers buying points when not one minute is covered', async () => {
    const api = server(5);
    const onClose = vi.fn();
    renderWithApp(
      i18n,
      <MediaConfirmDialog target={target({ durationSeconds: 125, estimatedPoints: 30 })} onClose={onClose} />,
    );
    await waitFor(() => expect(api.to(API.getPoint)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('media-confirm-ok').textContent).toContain('Buy points'));
    expect(screen.queryByTestId('part-offer')).toBeNull();
    fireEvent.click(screen.getByTestId('media-confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(api.to(API.fileSubmitExecute)).toHaveLength(0);
  });
});
