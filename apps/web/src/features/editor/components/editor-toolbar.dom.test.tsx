import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import type { LineEdits } from '../hooks/use-line-edits';
import { EditorToolbar } from './editor-toolbar';

const i18n = await initI18n('en');
const noop = () => undefined;

function toolbar(lines: LineEdits | undefined, linesLocked: string | null) {
  return (
    <I18nextProvider i18n={i18n}>
      <EditorToolbar
        segmentCount={3}
        flaggedCount={0}
        reviewCount={0}
        filter="all"
        selectedCount={0}
        readOnly={false}
        onFilter={noop}
        onOpenRules={noop}
        onOpenBrief={noop}
        onRetranslateSelected={noop}
        onClearSelection={noop}
        lines={lines}
        linesLocked={linesLocked}
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe('the toolbar’s line buttons (issue 35)', () => {
  it('say why they are disabled while the lines cannot change', () => {
    render(toolbar(undefined, 'Being translated'));
    for (const key of ['split', 'merge', 'insert', 'delete', 'timing']) {
      const button = screen.getByTestId(`lines-${key}`);
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe('Being translated');
    }
  });

  it('run their edit and name their key otherwise', () => {
    const lines = {
      split: vi.fn(),
      merge: vi.fn(),
      insertAfter: vi.fn(),
      insertBefore: vi.fn(),
      deleteLines: vi.fn(),
      timing: vi.fn(),
    };
    render(toolbar(lines, null));
    fireEvent.click(screen.getByTestId('lines-timing'));
    expect(lines.timing).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('lines-timing').getAttribute('title')).toContain('Alt+Shift+A');
  });
});
