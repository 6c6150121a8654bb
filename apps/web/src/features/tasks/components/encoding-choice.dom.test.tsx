import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import iconv from 'iconv-lite';
import { API } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { SrtUploadModal } from './srt-upload-modal';
import { choose, dropFile, fakeServer, renderWithApp } from './test-support';

const i18n = await initI18n('en');

const LINES = ['こんにちは、世界。今日はいい天気ですね。', '私の名前は田中です。よろしくお願いします。'];
const SRT = LINES.map((l, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${l}\r\n`).join('\r\n');

function server() {
  return fakeServer({
    [API.translationEngines]: () => [{ name: 'deepseek', enabled: true, reason: null }],
    [API.getPoint]: () => ({ point: 1000 }),
    [API.taskCreate]: () => ({ id: 'task-1', status: 'pending' }),
    [API.taskStart]: () => ({ id: 'task-1', status: 'translating' }),
  });
}

afterEach(cleanup);

const shiftJis = () => new File([new Uint8Array(iconv.encode(SRT, 'shift_jis'))], 'anime.srt');
const sample = () => screen.getByTestId('srt-sample').textContent ?? '';

describe('the encoding of an uploaded SRT (issue 37)', { timeout: 30_000 }, () => {
  it('shows the encoding it read and the first lines as text', async () => {
    server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', shiftJis());
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    expect(screen.getByTestId('srt-encoding').textContent).toContain('Shift-JIS (Japanese)');
    expect(sample()).toBe(LINES.join('\n'));
    expect(screen.getByText(/Detected automatically/)).toBeTruthy();
    // the menu is named by its label, for screen readers and keyboard users
    expect(screen.getByLabelText('Text encoding')).toBeTruthy();
  });

  it('reads the file again in the encoding chosen, and sends that choice with the upload', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', shiftJis());
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-encoding', 'Windows-1252 (Western European)');
    await waitFor(() => expect(sample()).toMatch(/^‚±‚ñ‚É‚¿‚Í/));
    expect(screen.getByText('Read in the encoding you chose.')).toBeTruthy();
    await choose('srt-encoding', 'Shift-JIS (Japanese)');
    await waitFor(() => expect(sample()).toBe(LINES.join('\n')));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'English');
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    screen.getByTestId('srt-submit').click();
    await waitFor(() => expect(api.to(API.taskCreate)).toHaveLength(1));
    expect(api.to(API.taskCreate)[0]).toMatchObject({ encoding: 'shift_jis', file: 'anime.srt' });
  });
});
