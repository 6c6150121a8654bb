import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import type { EditSegment } from '../lib/editor-state';
import { SegmentRow, writeAhead, type RowHandlers } from './segment-row';

const i18n = await initI18n('en');

const seg = (over: Partial<EditSegment> = {}): EditSegment => ({
  id: 7,
  startMs: 1000,
  endMs: 3000,
  originalText: 'Hello',
  translatedText: 'Bonjour',
  ...over,
});

function handlers() {
  return {
    change: vi.fn<RowHandlers['change']>(),
    typing: vi.fn<RowHandlers['typing']>(),
    focus: vi.fn<RowHandlers['focus']>(),
    toggle: vi.fn<RowHandlers['toggle']>(),
    retranslate: vi.fn<RowHandlers['retranslate']>(),
    edit: vi.fn<RowHandlers['edit']>(),
  } satisfies RowHandlers;
}

function row(s: EditSegment, h: RowHandlers) {
  return (
    <I18nextProvider i18n={i18n}>
      <SegmentRow
        seg={s}
        number={s.id}
        flags=""
        selected={false}
        busy={false}
        readOnly={false}
        current={false}
        handlers={h}
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe('a segment row’s text fields', () => {
  it('show each key at once and pass the text to the page', async () => {
    const h = handlers();
    render(row(seg(), h));
    const field = screen.getByTestId('seg-7-translation');
    await act(async () => {
      fireEvent.change(field, { target: { value: 'Bonjour à tous' } });
    });
    expect(field).toHaveProperty('value', 'Bonjour à tous');
    expect(h.typing).toHaveBeenCalledTimes(1);
    expect(h.change).toHaveBeenCalledWith(7, 'translatedText', 'Bonjour à tous', true);
    fireEvent.change(screen.getByTestId('seg-7-original'), { target: { value: 'Hello all' } });
    expect(screen.getByTestId('seg-7-original')).toHaveProperty('value', 'Hello all');
  });

  it('keep what was typed while the page has not followed yet, and show a new value from the page', () => {
    const h = handlers();
    const { rerender } = render(row(seg(), h));
    const field = screen.getByTestId('seg-7-translation');
    fireEvent.change(field, { target: { value: 'Bonjour le monde' } });
    // the page hears of the key in its own event, before the transition with the text has run
    expect(h.typing).toHaveBeenCalledTimes(1);
    // the page re-renders the row before its state has the typed text: nothing typed is undone
    rerender(row(seg(), h));
    expect(field).toHaveProperty('value', 'Bonjour le monde');
    // the page's own change (undo, replace, re-translation) is shown
    rerender(row(seg({ translatedText: 'Salut' }), h));
    expect(field).toHaveProperty('value', 'Salut');
    // a field grows with the lines of its text
    rerender(row(seg({ translatedText: 'Une\ndeux\ntrois' }), h));
    expect(field).toHaveProperty('value', 'Une\ndeux\ntrois');
    expect(field.getAttribute('rows')).toBe('3');
  });

  it('take a split’s or merge’s texts before the page renders them, and are not written again by it', () => {
    const h = handlers();
    const { rerender } = render(row(seg(), h));
    const original = screen.getByTestId<HTMLTextAreaElement>('seg-7-original');
    const translation = screen.getByTestId<HTMLTextAreaElement>('seg-7-translation');
    original.focus();
    writeAhead(7, { originalText: 'Hel', translatedText: 'Bon' });
    expect(original.value).toBe('Hel');
    expect(translation.value).toBe('Bon');
    // the render that follows finds the fields showing the page's values: no value set again (a
    // value set on the focused field after the list's DOM changes forces a layout of the list)
    const value = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
    const set = vi.spyOn(value, 'set');
    Object.defineProperty(HTMLTextAreaElement.prototype, 'value', value);
    try {
      rerender(row(seg({ originalText: 'Hel', translatedText: 'Bon' }), h));
      expect(set).not.toHaveBeenCalled();
      expect(original.value).toBe('Hel');
      // another line's texts are left alone
      writeAhead(8, { originalText: 'x', translatedText: 'y' });
      expect(set).not.toHaveBeenCalled();
    } finally {
      set.mockRestore();
      Object.defineProperty(HTMLTextAreaElement.prototype, 'value', value);
    }
    expect(h.change).not.toHaveBeenCalled();
  });

  it('write no value of the page that is only catching up with keys typed since', () => {
    const h = handlers();
    const { rerender } = render(row(seg({ translatedText: 'B' }), h));
    const field = screen.getByTestId('seg-7-translation');
    fireEvent.change(field, { target: { value: 'Ba' } });
    fireEvent.change(field, { target: { value: 'Bab' } });
    // the page renders the first key before the second: the second stays
    rerender(row(seg({ translatedText: 'Ba' }), h));
    expect(field).toHaveProperty('value', 'Bab');
    rerender(row(seg({ translatedText: 'Bab' }), h));
    expect(field).toHaveProperty('value', 'Bab');
    // then an undo from the page is shown
    rerender(row(seg({ translatedText: 'B' }), h));
    expect(field).toHaveProperty('value', 'B');
  });

  it('show the page’s value after keys that came back to where they began', () => {
    const h = handlers();
    const { rerender } = render(row(seg({ translatedText: 'B' }), h));
    const field = screen.getByTestId('seg-7-translation');
    fireEvent.change(field, { target: { value: 'Ba' } });
    fireEvent.change(field, { target: { value: 'B' } });
    // the page takes both keys in: the line is new, its text the same
    rerender(row(seg({ translatedText: 'B' }), h));
    // a later value from the page equal to a key typed before is the page's own (a redo, say)
    rerender(row(seg({ translatedText: 'Ba' }), h));
    expect(field).toHaveProperty('value', 'Ba');
  });

  it('are in a form of the row’s own that is never sent', () => {
    const h = handlers();
    render(row(seg(), h));
    const form = screen.getByTestId('segment-7');
    expect(form.tagName).toBe('FORM');
    for (const id of ['seg-7-original', 'seg-7-translation', 'seg-7-start', 'seg-7-end'])
      expect(screen.getByTestId<HTMLTextAreaElement | HTMLInputElement>(id).form).toBe(form);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});

describe('a line after the part translated so far (issue 34)', () => {
  it('is marked untranslated: its translation read-only, not re-translated or edited; its original editable', () => {
    const h = handlers();
    render(
      <I18nextProvider i18n={i18n}>
        <SegmentRow
          seg={seg({ translatedText: '' })}
          number={1}
          flags=""
          selected={false}
          busy={false}
          readOnly={false}
          untranslated
          current={false}
          handlers={h}
        />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('segment-7').dataset.untranslated).toBe('true');
    const translation = screen.getByTestId<HTMLTextAreaElement>('seg-7-translation');
    expect(translation.readOnly).toBe(true);
    expect(translation.placeholder).toBe(i18n.t('parts.untranslated'));
    expect(screen.getByTestId<HTMLButtonElement>('seg-7-retranslate').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('seg-7-edit').disabled).toBe(true);
    expect(screen.getByTestId<HTMLTextAreaElement>('seg-7-original').readOnly).toBe(false);
  });

  it('waits for a line made here to be saved before it can be re-translated (issue 35)', () => {
    render(row(seg({ id: -1 }), handlers()));
    expect(screen.getByTestId<HTMLButtonElement>('seg--1-retranslate').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('seg--1-edit').disabled).toBe(false);
  });
});

describe('a segment row’s time fields', () => {
  it('follow the line’s time while focused and untouched, and never commit the old one over it', () => {
    const h = handlers();
    const view = render(row(seg(), h));
    const start = screen.getByTestId('seg-7-start');
    fireEvent.focus(start);
    expect(start).toHaveProperty('value', '00:00:01,000');
    // a shift (or an undo) moves the line while its field has the focus
    view.rerender(row(seg({ startMs: 2500 }), h));
    expect(start).toHaveProperty('value', '00:00:02,500');
    fireEvent.blur(start);
    expect(h.change).not.toHaveBeenCalled();
    // typed into, it is committed
    fireEvent.focus(start);
    fireEvent.change(start, { target: { value: '00:00:02,750' } });
    fireEvent.blur(start);
    expect(h.change).toHaveBeenCalledWith(7, 'startMs', 2750, false);
  });
});

describe('a segment row’s timing flags (issue 36)', () => {
  const flagged = (h: RowHandlers, readOnly = false) => (
    <I18nextProvider i18n={i18n}>
      <SegmentRow
        seg={seg()}
        number={7}
        flags="cpl,gap"
        selected={false}
        busy={false}
        readOnly={readOnly}
        current={false}
        handlers={h}
      />
    </I18nextProvider>
  );

  it('open fix timing from a timing flag; other flags are only words', () => {
    const fixTiming = vi.fn();
    render(flagged({ ...handlers(), fixTiming }));
    const gap = screen.getByTestId('seg-7-fix-gap');
    expect(gap.tagName).toBe('BUTTON');
    expect(gap.textContent).toBe(i18n.t('editor.flag.gap'));
    expect(gap.title).toBe(i18n.t('editor.fixTimingFlag'));
    fireEvent.click(gap);
    expect(fixTiming).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('seg-7-fix-cpl')).toBeNull();
  });

  it('are only words in a line that cannot change', () => {
    render(flagged({ ...handlers(), fixTiming: vi.fn() }, true));
    expect(screen.queryByTestId('seg-7-fix-gap')).toBeNull();
  });
});
