import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import { createTypingSignal, type TypingSignal } from '../lib/typing-signal';
import { EditorHeader, type SaveState } from './editor-header';

const i18n = await initI18n('en');
const noop = () => undefined;

function header(saveState: SaveState, typing: TypingSignal, canUndo = false) {
  return (
    <I18nextProvider i18n={i18n}>
      <EditorHeader
        fileName="film.srt"
        originalLanguage="en"
        targetLanguage="zh"
        translationService="deepseek"
        sourceFormat="srt"
        ui="en"
        saveState={saveState}
        typing={typing}
        canUndo={canUndo}
        canRedo={false}
        readOnly={false}
        findOpen={false}
        userName="Ada"
        onBack={noop}
        onUndo={noop}
        onRedo={noop}
        onToggleFind={noop}
        onHelp={noop}
        onExport={noop}
        onUserMenu={noop}
      />
    </I18nextProvider>
  );
}

/** the state the badge says and the words it shows (one of its parts is visible) */
function badge() {
  const el = screen.getByTestId('save-state');
  const visible = [...el.querySelectorAll<HTMLElement>('[data-save-state]')].filter((p) => !p.hidden);
  return {
    state: el.dataset.state,
    shown: visible.map((p) => p.dataset.saveState),
    text: visible.map((p) => p.textContent).join(''),
  };
}

afterEach(cleanup);

describe('the editor header’s save badge', () => {
  it('says "not saved yet" from a typed key on, before the page has the key, and follows the page after', () => {
    const typing = createTypingSignal();
    const { rerender } = render(header('saved', typing));
    expect(badge()).toMatchObject({ state: 'saved', shown: ['saved'] });
    const saved = badge().text;
    act(() => typing.set(true));
    expect(badge()).toMatchObject({ state: 'pending', shown: ['pending'] });
    expect(badge().text).not.toBe(saved);
    // the page renders again for something else: the badge still says so
    rerender(header('saved', typing, true));
    expect(badge()).toMatchObject({ state: 'pending', shown: ['pending'] });
    // the page's own state takes over
    rerender(header('saving', typing, true));
    expect(badge()).toMatchObject({ state: 'saving', shown: ['saving'] });
    act(() => typing.set(false));
    expect(badge()).toMatchObject({ state: 'saving', shown: ['saving'] });
    rerender(header('saved', typing, true));
    expect(badge()).toMatchObject({ state: 'saved', shown: ['saved'] });
    expect(badge().text).toBe(saved);
  });

  it('shows a failed save over a typed key', () => {
    const typing = createTypingSignal();
    render(header('failed', typing));
    act(() => typing.set(true));
    expect(badge()).toMatchObject({ state: 'failed', shown: ['failed'] });
  });
});

describe('the editor header’s icon buttons', () => {
  it('are named in the interface’s language and undo turns on with something to undo', () => {
    const typing = createTypingSignal();
    const { rerender } = render(header('saved', typing));
    const undo = screen.getByTestId('editor-undo');
    expect(undo).toHaveProperty('disabled', true);
    expect(undo.getAttribute('aria-label')).toBe(i18n.t('editor.shortcuts.undo'));
    expect(undo.getAttribute('title')).toBe(i18n.t('editor.shortcuts.undo'));
    rerender(header('saved', typing, true));
    expect(screen.getByTestId('editor-undo')).toHaveProperty('disabled', false);
  });
});
