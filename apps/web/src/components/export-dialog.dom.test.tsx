import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../lib/i18n';
import { ExportDialog, lostInExport } from './export-dialog';

afterEach(cleanup);

describe('the export dialog (issue 37)', () => {
  it('names what each format cannot carry of the task’s file', () => {
    expect(lostInExport('ass', 'ass')).toEqual([]);
    expect(lostInExport('ssa', 'srt')).toEqual(['assStyles', 'assPositions', 'assEffects']);
    expect(lostInExport('ass', 'vtt')).toEqual(['assStyles', 'assPositions', 'assEffects']);
    expect(lostInExport('ttml', 'ass')).toEqual(['sourceLayout']);
    expect(lostInExport('srt', 'vtt')).toEqual([]);
    expect(lostInExport('vtt', 'srt')).toEqual(['sourceLayout', 'vttVoices']);
    expect(lostInExport('vtt', 'vtt')).toEqual(['sourceLayout']);
    expect(lostInExport('srt', 'ass')).toEqual([]);
    expect(lostInExport(null, 'srt')).toEqual([]);
  });

  it('starts an ASS task on ASS kept whole, lists the losses of another format, sends the choice', async () => {
    const i18n = await initI18n('en');
    const onExport = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ExportDialog open sourceFormat="ass" onCancel={() => undefined} onExport={onExport} />
      </I18nextProvider>,
    );
    expect((await screen.findByTestId('export-kept')).textContent).toContain('styles, positions, comments');
    expect(screen.queryByTestId('export-lost')).toBeNull();
    fireEvent.click(screen.getByText('SRT'));
    expect(screen.getByTestId('export-lost').textContent).toContain('the ASS styles');
    expect(screen.queryByTestId('export-kept')).toBeNull();
    fireEvent.click(screen.getByTestId('export-download'));
    expect(onExport).toHaveBeenCalledWith({ format: 'srt', includeOriginal: false, originalFirst: true });
  });

  it('speaks Japanese and Chinese', async () => {
    for (const [lang, title, lost] of [
      ['ja', '字幕を書き出す', 'ASS のスタイル'],
      ['zh', '导出字幕', 'ASS 样式'],
    ] as const) {
      const i18n = await initI18n(lang);
      render(
        <I18nextProvider i18n={i18n}>
          <ExportDialog open sourceFormat="ssa" onCancel={() => undefined} onExport={() => undefined} />
        </I18nextProvider>,
      );
      expect(await screen.findByText(title)).toBeTruthy();
      fireEvent.click(screen.getByText('WebVTT'));
      expect(screen.getByTestId('export-lost').textContent).toContain(lost);
      cleanup();
    }
  });
});
