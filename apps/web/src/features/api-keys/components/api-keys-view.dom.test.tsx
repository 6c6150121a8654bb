import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type ApiKey, type WebhookState } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { fakeServer, refusal, renderWithApp } from '../../../lib/test-support';
import { ApiKeysView } from './api-keys-view';

const i18n = await initI18n('en');
const SECRET = `stk_${'A1b2C3d4E5'.repeat(4)}`;

const NO_WEBHOOK: WebhookState = { endpoint: null, deliveries: [] };

const key = (id: number, over: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: `key ${id}`,
  prefix: `stk_abcd${String(id).padStart(4, '0')}`,
  scope: 'read',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the API keys page', { timeout: 60_000 }, () => {
  it('makes a key and shows the whole of it once, with a call to try it', async () => {
    let stored: ApiKey[] = [];
    const api = fakeServer({
      [API.apiKeyList]: () => stored,
      [API.webhookGet]: () => NO_WEBHOOK,
      [API.apiKeyCreate]: (b) => {
        const made = key(7, { name: b.name as string, scope: b.scope as ApiKey['scope'] });
        stored = [made];
        return { key: made, secret: SECRET };
      },
    });
    renderWithApp(i18n, <ApiKeysView />, '/dashboard?view=keys');
    expect(await screen.findByTestId('api-keys-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-key-new'));
    fireEvent.change(await screen.findByTestId('api-key-name'), { target: { value: 'CI runner' } });
    fireEvent.click(screen.getByRole('radio', { name: /Read and translate/ }));
    fireEvent.click(screen.getByTestId('api-key-create'));
    await waitFor(() =>
      expect(api.to(API.apiKeyCreate)).toEqual([{ name: 'CI runner', scope: 'translate' }]),
    );
    expect((await screen.findByTestId('api-key-secret')).textContent).toContain(SECRET);
    expect(screen.getByTestId('api-key-curl').textContent).toContain(`Authorization: Bearer ${SECRET}`);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-key-done'));
    // the list shows the key by its first characters, never the whole
    const row = within(await screen.findByTestId('api-key-7'));
    expect(row.getByText('CI runner')).toBeTruthy();
    expect(row.getByTestId('api-key-prefix').textContent).toBe(`${key(7).prefix}…`);
    expect(row.getByTestId('api-key-scope').textContent).toBe('Read and translate');
    // (that the closed dialog leaves no trace of the key is the browser's to show: jsdom never ends
    // the closing animation, e2e/tests/api-keys.spec.ts)
  });

  it('asks for a name, and says what the server refused', async () => {
    const api = fakeServer({
      [API.apiKeyList]: () => [],
      [API.webhookGet]: () => NO_WEBHOOK,
      [API.apiKeyCreate]: () => {
        throw refusal(40980, 'An account may hold at most 10 API keys: revoke one you no longer use first');
      },
    });
    renderWithApp(i18n, <ApiKeysView />, '/dashboard?view=keys');
    fireEvent.click(await screen.findByTestId('api-key-new'));
    fireEvent.click(await screen.findByTestId('api-key-create'));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(api.to(API.apiKeyCreate)).toEqual([]);
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'one more' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    expect((await screen.findByTestId('api-key-error')).textContent).toMatch(/at most 10 API keys/);
  });

  it('revokes a key only once confirmed, and offers no new key past the tenth', async () => {
    let stored = Array.from({ length: 10 }, (_, i) => key(i + 1, { lastUsedAt: '2026-12-02T08:00:00.000Z' }));
    const api = fakeServer({
      [API.apiKeyList]: () => stored,
      [API.webhookGet]: () => NO_WEBHOOK,
      [API.apiKeyRevoke]: (b) => {
        stored = stored.filter((k) => k.id !== b.id);
        return null;
      },
    });
    renderWithApp(i18n, <ApiKeysView />, '/dashboard?view=keys');
    const row = within(await screen.findByTestId('api-key-3'));
    expect(screen.getByTestId('api-key-new').closest('button')!.disabled).toBe(true);
    fireEvent.click(row.getByRole('button', { name: 'Revoke key 3' }));
    expect(api.to(API.apiKeyRevoke)).toEqual([]);
    fireEvent.click(await screen.findByTestId('api-key-revoke-confirm'));
    await waitFor(() => expect(api.to(API.apiKeyRevoke)).toEqual([{ id: 3 }]));
    await waitFor(() => expect(screen.queryByTestId('api-key-3')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('api-key-new').closest('button')!.disabled).toBe(false));
  });

  it('sets a webhook, shows its secret once, says why an address is refused, and lists deliveries', async () => {
    let state: WebhookState = NO_WEBHOOK;
    const api = fakeServer({
      [API.apiKeyList]: () => [],
      [API.webhookGet]: () => state,
      [API.webhookSet]: (b) => {
        if (String(b.url).includes('127.0.0.1')) {
          throw refusal(42281, 'Webhooks are not sent to private, loopback or link-local addresses');
        }
        state = {
          endpoint: { url: b.url as string, createdAt: '2026-12-06T10:00:00.000Z' },
          deliveries: [
            {
              id: 'msg_1',
              type: 'task.completed',
              status: 'failed',
              attempts: 8,
              lastStatus: 500,
              lastError: 'HTTP 500',
              createdAt: '2026-12-05T10:00:00.000Z',
              lastAttemptAt: '2026-12-06T09:00:00.000Z',
              nextAttemptAt: null,
            },
          ],
        };
        return { endpoint: state.endpoint!, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' };
      },
    });
    renderWithApp(i18n, <ApiKeysView />, '/dashboard?view=keys');
    const card = within(await screen.findByTestId('webhook-card'));
    expect(await card.findByText('No events sent yet.')).toBeTruthy();
    fireEvent.change(card.getByTestId('webhook-url-input'), { target: { value: 'https://127.0.0.1/in' } });
    fireEvent.click(card.getByTestId('webhook-save'));
    expect((await card.findByTestId('webhook-error')).textContent).toMatch(/not sent to private/);
    fireEvent.change(card.getByTestId('webhook-url-input'), {
      target: { value: 'https://hooks.example.com/in' },
    });
    fireEvent.click(card.getByTestId('webhook-save'));
    await waitFor(() => expect(api.to(API.webhookSet)).toHaveLength(2));
    expect((await card.findByTestId('webhook-secret')).textContent).toContain('whsec_c2VjcmV0');
    expect((await card.findByTestId('webhook-url')).textContent).toBe('https://hooks.example.com/in');
    const row = within(await card.findByTestId('webhook-delivery-msg_1'));
    expect(row.getByTestId('webhook-delivery-status').textContent).toBe('Failed');
    expect(row.getByText('HTTP 500')).toBeTruthy();
  });
});
