import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import type { EditSegment } from '../lib/editor-state';
import { SegmentModal } from './segment-modal';

const i18n = await initI18n('en');

/** a zero-length cue, as an upload may hold */
const flash: EditSegment = { id: 4, startMs: 5000, endMs: 5000, originalText: 'Bang', translatedText: 'Pan' };

function modal(onSave: (v: unknown) => void) {
  return (
    <I18nextProvider i18n={i18n}>
      <SegmentModal
        segment={flash}
        previous={undefined}
        next={undefined}
        readOnly={false}
        onSave={onSave}
        onClose={() => undefined}
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

/** antd validates a form asynchronously; on a loaded 2-core machine the dialog takes seconds */
const SLOW = { timeout: 10_000 };

describe('the segment edit dialog', () => {
  it(
    'saves a text edit of a zero-length cue keeping its times; a changed timing is still checked',
    { timeout: 30_000 },
    async () => {
      const onSave = vi.fn();
      render(modal(onSave));
      fireEvent.change(screen.getByTestId('segment-modal-translation'), { target: { value: 'Boum' } });
      fireEvent.click(screen.getByTestId('segment-modal-save'));
      await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
      expect(onSave).toHaveBeenCalledWith({
        originalText: 'Bang',
        translatedText: 'Boum',
        startMs: 5000,
        endMs: 5000,
      });
      // the end moved before the start: refused, not saved
      fireEvent.change(screen.getByTestId('segment-modal-end'), { target: { value: '00:00:04,000' } });
      fireEvent.click(screen.getByTestId('segment-modal-save'));
      expect(await screen.findByText(/The end must come after the start/, undefined, SLOW)).toBeTruthy();
      expect(onSave).toHaveBeenCalledTimes(1);
    },
  );
});
