import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import { RowLabelsProvider, rowLabels, useRowLabels } from './row-labels';

const i18n = await initI18n('en');

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function Probe({ n }: { n: number }) {
  const labels = useRowLabels();
  return <span data-testid={`probe-${n}`}>{`${labels.line(n).original} / ${labels.flag('cpl')}`}</span>;
}

describe('row labels', () => {
  it('name each line by its number, and are looked up once per number', () => {
    const labels = rowLabels(i18n.t);
    expect(labels.line(9001).original).toContain('9001');
    expect(labels.line(9001)).toBe(labels.line(9001));
    expect(labels.line(9002).translation).toContain('9002');
    expect(labels.line(9002)).not.toBe(labels.line(9001));
  });

  it('read as the translations with the number put in, in each language', async () => {
    for (const lang of ['zh', 'en', 'ja']) {
      await i18n.changeLanguage(lang);
      const line = rowLabels(i18n.t).line(9001);
      for (const key of ['select', 'start', 'end', 'original', 'translation'] as const)
        expect(line[key]).toBe(i18n.t(`editor.${key}`, { id: 9001 }));
    }
  });

  it('follow the interface language in a list', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <RowLabelsProvider>
          <Probe n={12} />
        </RowLabelsProvider>
      </I18nextProvider>,
    );
    const english = screen.getByTestId('probe-12').textContent;
    expect(english).toContain('12');
    expect(english).toContain('Line too long');
    await act(() => i18n.changeLanguage('ja'));
    const japanese = screen.getByTestId('probe-12').textContent;
    expect(japanese).toContain('12');
    expect(japanese).not.toBe(english);
  });
});
