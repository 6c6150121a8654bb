import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API, type QualityLimits } from '@subtrans/contract';
import { normsFor, NORM_BOUNDS, type NormOverrides } from '@subtrans/subtitles/norms';
import { initI18n } from '../../../lib/i18n';
import { fakeServer, renderInApp } from '../test-support';
import { QualitySettings } from './quality-settings';

const i18n = await initI18n('en');

/** what the server answers for Japanese with these overrides */
const limits = (overrides: NormOverrides = {}): QualityLimits => {
  const defaults = normsFor('ja');
  return {
    target: 'ja',
    norms: { ...defaults, ...overrides },
    defaults,
    overrides,
    bounds: Object.fromEntries(
      Object.entries(NORM_BOUNDS).map(([k, b]) => [k, { ...b, integer: Boolean(b.integer) }]),
    ),
  };
};

function server(saved: Record<string, unknown> = {}, refuse?: unknown) {
  return fakeServer({
    [API.qualityGet]: () => limits({ cpl: 15 }),
    [API.qualitySave]: (body) => {
      if (refuse) throw Object.assign(new Error('refused'), refuse);
      return limits(body.overrides ?? {});
    },
    ...saved,
  });
}

const input = (name: string) => screen.getByTestId<HTMLInputElement>(`quality-${name}`);
const type = (name: string, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.blur(input(name));
};
const save = () => fireEvent.click(screen.getByTestId('quality-save'));

function dialog(onClose = vi.fn()) {
  renderInApp(i18n, <QualitySettings open target="ja" onClose={onClose} />, '/', '/');
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd forms render slowly on a busy machine
describe('the quality limits dialog', { timeout: 30_000 }, () => {
  it("loads the target language's limits from the server, each with its default and bounds", async () => {
    const api = server();
    dialog();
    await waitFor(() => expect(input('cpl').value).toBe('15'));
    expect(api.to(API.qualityGet)).toEqual([{ target: 'ja' }]);
    expect(input('lines').value).toBe('2');
    expect(input('minDuration').value).toBe('0.833');
    expect(screen.getByTestId('quality-cpl-default').textContent).toBe('Default 13; allowed 5–200');
    expect(screen.getByTestId('quality-maxDuration-default').textContent).toBe('Default 7; allowed 1–60');
    expect(screen.getByTestId('quality-hint').textContent).toMatch(
      /^Reading norms for Japanese subtitles.*half-width/,
    );
  });

  it('saves only what differs from the defaults, then closes', async () => {
    const api = server();
    const onClose = dialog();
    await waitFor(() => expect(input('cpl').value).toBe('15'));
    type('cps', '5');
    type('maxDuration', '6.5');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to(API.qualitySave)).toEqual([
      { target: 'ja', overrides: { cpl: 15, cps: 5, maxDurationMs: 6500 } },
    ]);
  });

  it('goes back to the defaults with null', async () => {
    const api = server();
    const onClose = dialog();
    await waitFor(() => expect(input('cpl').value).toBe('15'));
    fireEvent.click(screen.getByTestId('quality-reset'));
    await waitFor(() => expect(api.to(API.qualitySave)).toEqual([{ target: 'ja', overrides: null }]));
    await waitFor(() => expect(input('cpl').value).toBe('13'));
    expect(onClose).not.toHaveBeenCalled();
    // the defaults saved again are no override either
    save();
    await waitFor(() => expect(api.to(API.qualitySave)).toHaveLength(2));
    expect(api.to(API.qualitySave)[1]).toEqual({ target: 'ja', overrides: null });
  });

  it('checks the bounds before sending anything', async () => {
    const api = server();
    const onClose = dialog();
    await waitFor(() => expect(input('cpl').value).toBe('15'));
    type('cpl', '300');
    type('lines', '2.5');
    type('maxDuration', '0.5');
    save();
    expect(await screen.findByText('Enter a number from 5 to 200')).toBeTruthy();
    expect(await screen.findByText('Enter a whole number')).toBeTruthy();
    expect(await screen.findByText('Enter a number from 1 to 60')).toBeTruthy();
    expect(api.to(API.qualitySave)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal at the field it names, and stays open", async () => {
    const refusal = {
      code: 40000,
      msg: 'Invalid request: reading speed is out of range',
      data: { fields: [{ field: 'overrides.cps', message: 'Reading speed is out of range' }] },
    };
    server({}, refusal);
    const onClose = dialog();
    await waitFor(() => expect(input('cpl').value).toBe('15'));
    type('cps', '50');
    save();
    const error = await screen.findByText('Reading speed is out of range');
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="quality-cps"]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the limits cannot be loaded', async () => {
    fakeServer({});
    dialog();
    expect((await screen.findByRole('alert')).textContent).toContain('no /quality/get');
    expect(screen.getByTestId<HTMLButtonElement>('quality-save').disabled).toBe(true);
  });
});
