import type { QueryClient } from '@tanstack/react-query';
import { pointsQueryKey } from './points';
import { profileQueryKey } from './session';

/** the orders list (features/billing), refreshed with the balance */
export const ordersQueryKey = ['orders'] as const;

/**
 * The queries that show money: the balance (and /assets' lots and ledger under the same key), the
 * orders, and the profile, whose trial points decide the trial notice.
 */
const MONEY_KEYS = [pointsQueryKey, ordersQueryKey, profileQueryKey] as const;

/** the channel every tab of this site listens on; a message carries no data, only the news */
export const MONEY_CHANNEL = 'subtrans:money';
const MESSAGE = 'money-changed';

/** Each query client's channel (one per tab in the app; several in a test standing for tabs). */
const channels = new WeakMap<QueryClient, BroadcastChannel>();

/** This tab's money queries fetched again (those on screen now, the others when next shown). */
const refresh = (client: QueryClient) =>
  Promise.all(MONEY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);

/**
 * Issue 34: this tab changed the balance or learnt that it changed (a payment confirmed, points
 * held for a task): its money queries refresh, and every other tab of the site is told to refresh
 * its own. Only such news travels: no tab polls another, and a tab that is told does not tell
 * again.
 */
export async function moneyChanged(client: QueryClient): Promise<void> {
  channels.get(client)?.postMessage(MESSAGE);
  await refresh(client);
}

/**
 * Listens for other tabs' news for this query client (app/providers.tsx, once); answers how to
 * stop. A browser without BroadcastChannel still refreshes when the tab is shown again (the money
 * queries refetch on focus).
 */
export function followMoneyChanges(client: QueryClient): () => void {
  if (typeof BroadcastChannel !== 'function' || channels.has(client)) return () => undefined;
  const channel = new BroadcastChannel(MONEY_CHANNEL);
  // a channel never hears its own messages: the tab that tells has refreshed already
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === MESSAGE) void refresh(client);
  };
  channels.set(client, channel);
  return () => {
    channels.delete(client);
    channel.close();
  };
}
