import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ErrorCodes, type Render, type RenderState } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { fakeServer, refusal, renderWithApp } from '../../../lib/test-support';
import { STORAGE_KEYS } from '../../../lib/storage';
import { RenderAction } from './render-action';

const i18n = await initI18n('zh');
const TASK = '11111111-2222-4333-8444-555555555555';
const IMAGE = 'data:image/jpeg;base64,/9j/AAAA';

const state = (over: Partial<RenderState> = {}): RenderState => ({
  unavailable: null,
  hasVideo: true,
  durationMs: 95_000,
  pointsPerMinute: 5,
  points: 10,
  render: null,
  ...over,
});

const render = (over: Partial<Render> = {}): Render => ({
  id: 'r1',
  status: 'queued',
  progress: 0,
  style: {
    font: 'sans',
    size: 5.5,
    colour: '#ffffff',
    background: 'outline',
    position: 'bottom',
    bilingual: false,
  },
  resolution: 'source',
  points: 10,
  width: null,
  height: null,
  sizeBytes: null,
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** the server: the render state answered by `current()` (a test changes it as the render goes on) */
function serve(opts: { state: () => RenderState; balance?: number; start?: () => Render }) {
  return fakeServer({
    '/user/profile': () => ({ id: 7, email: 'a@b.c', nickname: 'A', manager: false }),
    '/user/get_point': () => ({ point: opts.balance ?? 100 }),
    '/task/render_state': () => opts.state(),
    '/task/render_preview': () => ({ image: IMAGE, width: 320, height: 180, atMs: 2500 }),
    '/task/render': opts.start ?? (() => render()),
    '/task/render_download': () => ({
      url: '/files/render.mp4?sig=1',
      fileName: 'film.subtitled.mp4',
      expiresAt: '2026-01-02T00:00:00.000Z',
    }),
  });
}

const saved: string[] = [];
function show(currentLine: number | null = 4) {
  return renderWithApp(
    i18n,
    <Routes>
      <Route
        path="/edit/:id"
        element={
          <RenderAction
            taskId={TASK}
            taskStatus="completed"
            currentLine={() => currentLine}
            save={async () => void saved.push('saved')}
          />
        }
      />
      <Route path="/dashboard" element={<div data-testid="dashboard-page" />} />
    </Routes>,
    `/edit/${TASK}`,
  );
}

async function openDialog() {
  fireEvent.click(await screen.findByTestId('render-open'));
  return screen.findByTestId('render-dialog');
}

beforeEach(async () => {
  saved.length = 0;
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('zh'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the video with subtitles (issue 40 §1)', () => {
  it('shows the preview at the current line, the cost and the balance, and starts with the chosen style', async () => {
    let current = state();
    const server = serve({ state: () => current });
    show(4);
    await openDialog();
    const img = await screen.findByTestId('render-preview-image');
    expect(img.getAttribute('src')).toBe(IMAGE);
    expect(server.to('/task/render_preview')[0]).toMatchObject({
      id: TASK,
      segmentId: 4,
      resolution: 'source',
      style: { font: 'sans', size: 5.5, background: 'outline', position: 'bottom', bilingual: false },
    });
    // zh, the default: the cost beside the start, with the balance
    await waitFor(() => expect(screen.getByTestId('render-balance').textContent).toBe('当前余额：100 积分'));
    expect(screen.getByTestId('render-cost').textContent).toContain('费用：10 积分');
    expect(screen.getByTestId('render-start').textContent).toContain('开始生成');
    expect(screen.getByRole('dialog').textContent).toContain('导出带字幕的视频');

    // the style changes: one preview asked once the changes settle, in the new style
    fireEvent.click(screen.getByTestId('render-background-box'));
    fireEvent.click(screen.getByTestId('render-position-top'));
    fireEvent.click(screen.getByTestId('render-bilingual'));
    fireEvent.click(screen.getByTestId('render-resolution-720p'));
    await waitFor(() => expect(server.to('/task/render_preview')).toHaveLength(2));
    expect(server.to('/task/render_preview')[1]).toMatchObject({
      resolution: '720p',
      style: { background: 'box', position: 'top', bilingual: true },
    });

    current = state({ render: render({ status: 'rendering', progress: 0.4, style: { ...render().style } }) });
    fireEvent.click(screen.getByTestId('render-start'));
    await screen.findByTestId('render-running');
    expect(saved).toEqual(['saved']);
    expect(server.to('/task/render')).toEqual([
      {
        id: TASK,
        resolution: '720p',
        style: {
          font: 'sans',
          size: 5.5,
          colour: '#ffffff',
          background: 'box',
          position: 'top',
          bilingual: true,
        },
      },
    ]);
    // the state is followed: the progress in percent
    await waitFor(() =>
      expect(screen.getByTestId('render-progress').getAttribute('aria-valuenow')).toBe('40'),
    );
    expect(screen.getByTestId('render-running').textContent).toContain('正在生成视频');

    // done: download asks for the URL and follows it
    current = state({
      render: render({ status: 'completed', progress: 1, width: 1280, height: 720, sizeBytes: 2_400_000 }),
    });
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(`${this.getAttribute('href')} ${this.download}`);
    });
    fireEvent.click(await screen.findByTestId('render-download'));
    await waitFor(() => expect(followed).toEqual(['/files/render.mp4?sig=1 film.subtitled.mp4']));
    expect(server.to('/task/render_download')).toEqual([{ id: TASK }]);
    expect(screen.getByTestId('render-size-info').textContent).toContain('1280×720');

    // the style is remembered for this user's next video
    expect(JSON.parse(window.localStorage.getItem(`${STORAGE_KEYS.renderStyle}:7`)!)).toMatchObject({
      resolution: '720p',
      style: { background: 'box', position: 'top', bilingual: true },
    });
    // render again: the form in the same style
    fireEvent.click(screen.getByTestId('render-again'));
    expect(await screen.findByTestId('render-background-box')).toHaveProperty('checked', true);
  }, 30_000);

  it('says when the balance falls short, in English, with a link to buy points', async () => {
    await act(() => i18n.changeLanguage('en'));
    const server = serve({ state: () => state({ points: 15 }), balance: 6 });
    const fetchedPreview = () => server.to('/task/render_preview')[0];
    show(null);
    await openDialog();
    const short = await screen.findByTestId('render-shortfall');
    expect(short.textContent).toContain('Not enough points: 15 needed, 6 available. Buy points first.');
    expect(screen.getByTestId('render-cost').textContent).toContain('Cost: 15 points');
    expect(screen.getByTestId('render-balance').textContent).toBe('Your balance: 6 points');
    expect(screen.getByTestId('render-start')).toHaveProperty('disabled', true);
    expect(screen.getByRole('dialog').textContent).toContain('Export video with subtitles');
    // no current line: the first line's frame, said so
    await screen.findByTestId('render-preview-image');
    expect(screen.getByTestId('render-preview').textContent).toContain('Preview at 0:02.5 (the first line)');
    expect(fetchedPreview()).not.toHaveProperty('segmentId');
    fireEvent.click(screen.getByTestId('render-buy'));
    await screen.findByTestId('dashboard-page');
  });

  it('shows a refusal for points from the server with the amounts it names', async () => {
    await act(() => i18n.changeLanguage('ja'));
    serve({
      state: () => state(),
      start: () => {
        throw refusal(ErrorCodes.INSUFFICIENT_POINTS.code, 'short', { needed: 10, current: 3 });
      },
    });
    show();
    await openDialog();
    await screen.findByTestId('render-preview-image');
    await waitFor(() => expect(screen.getByTestId('render-start')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('render-start'));
    const short = await screen.findByTestId('render-shortfall');
    expect(short.textContent).toContain('ポイントが不足しています：必要 10、現在 3');
    expect(screen.getByTestId('render-buy').textContent).toContain('ポイントを購入');
  });

  it('shows why a render failed and that the points came back', async () => {
    await act(() => i18n.changeLanguage('en'));
    serve({
      state: () =>
        state({
          render: render({
            status: 'failed',
            error: 'The video could not be rendered and your points were returned.',
          }),
        }),
    });
    show();
    await openDialog();
    // a failed render is behind: the form, ready to render again
    await screen.findByTestId('render-preview-image');
    cleanup();
    let current = state({ render: render({ status: 'rendering', progress: 0.1 }) });
    serve({ state: () => current });
    show();
    await openDialog();
    expect(await screen.findByTestId('render-running')).toBeTruthy();
    current = state({ render: render({ status: 'failed', error: 'ffmpeg said no (localized)' }) });
    const failed = await screen.findByTestId('render-failed');
    expect(within(failed).getByTestId('render-error').textContent).toBe('ffmpeg said no (localized)');
    expect(within(failed).getByTestId('render-refunded').textContent).toBe('Your 10 points were returned.');
    fireEvent.click(within(failed).getByTestId('render-again'));
    await screen.findByTestId('render-form');
  }, 20_000);

  it('says an audio task is drawn over its waveform, and that a preview could not be made', async () => {
    fakeServer({
      '/user/profile': () => ({ id: 7, email: 'a@b.c', nickname: 'A', manager: false }),
      '/user/get_point': () => ({ point: 100 }),
      '/task/render_state': () => state({ hasVideo: false }),
      '/task/render_preview': () => {
        throw refusal(ErrorCodes.RENDER_PREVIEW_BUSY.code, '预览太频繁，请稍后再试');
      },
    });
    show();
    await openDialog();
    expect(screen.getByTestId('render-audio-only').textContent).toContain('音频波形');
    const failed = await screen.findByTestId('render-preview-error', {}, { timeout: 10_000 });
    expect(failed.textContent).toContain('预览太频繁，请稍后再试');
  }, 20_000);

  it('is turned off with its reason before the translation is done, and not shown without media', async () => {
    serve({ state: () => state({ unavailable: 'not-completed' }) });
    show();
    const button = await screen.findByTestId('render-open');
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('render-unavailable').textContent).toBe('请先完成翻译，再导出带字幕的视频');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('render-unavailable').id);
    // the keyboard reaches its wrapper, which shows the reason
    const wrapper = button.closest<HTMLElement>('[tabindex="0"]')!;
    fireEvent.focus(wrapper);
    await waitFor(() =>
      expect(document.querySelector('.ant-tooltip')?.textContent).toBe('请先完成翻译，再导出带字幕的视频'),
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('render-unavailable').textContent).toBe(
      'Finish translating first, then export the video with subtitles',
    );
    cleanup();
    const server = serve({ state: () => state({ unavailable: 'no-media' }) });
    show();
    await waitFor(() => expect(server.to('/task/render_state')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('render-open')).toBeNull();
  });
});
