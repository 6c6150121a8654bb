import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import { MediaCard } from './media-card';

const i18n = await initI18n('en');

/** the server's answer to /file/speech_status */
function serverSays(available: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.endsWith('/file/speech_status')) throw new Error(`unexpected call ${url}`);
      return new Response(
        JSON.stringify({
          code: 20000,
          msg: 'success',
          data: { available, engine: available ? 'whisper' : null },
        }),
      );
    }),
  );
}

async function renderCard(lang: 'en' | 'zh' | 'ja' = 'en') {
  await i18n.changeLanguage(lang);
  const onOpen = vi.fn();
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MediaCard onOpen={onOpen} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { onOpen, container };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audio/video card', () => {
  it('stays visible but disabled when the server has no speech recognition, saying why and what still works', async () => {
    serverSays(false);
    const { onOpen, container } = await renderCard('en');
    const reason = await screen.findByTestId('media-unavailable');
    expect(reason.textContent).toBe(
      'Speech recognition is not configured on this site, so audio and video cannot be uploaded or processed; subtitle files can still be translated',
    );
    const card = screen.getByTestId('media-card');
    expect(card.getAttribute('aria-disabled')).toBe('true');
    expect(card.getAttribute('aria-describedby')).toBe(reason.id);
    expect(card.textContent).toContain('Audio and video translation');
    // still marked NEW (SPEC §2), beside the card
    expect(container.textContent).toContain('NEW');
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('gives the reason in Chinese and Japanese too', async () => {
    serverSays(false);
    await renderCard('zh');
    expect((await screen.findByTestId('media-unavailable')).textContent).toBe(
      '此站点未配置语音识别，暂不能上传和处理音视频；字幕文件仍可翻译',
    );
    cleanup();
    await renderCard('ja');
    expect((await screen.findByTestId('media-unavailable')).textContent).toBe(
      'このサイトでは音声認識が設定されていないため、音声・動画はアップロード・処理できません。字幕ファイルは引き続き翻訳できます',
    );
    await i18n.changeLanguage('en');
  });

  it('opens the upload when speech recognition is there', async () => {
    serverSays(true);
    const { onOpen } = await renderCard('en');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const card = screen.getByTestId('media-card');
    await waitFor(() => expect(card.getAttribute('aria-disabled')).toBe('false'));
    expect(screen.queryByTestId('media-unavailable')).toBeNull();
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
