import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type User } from '@subtrans/contract';
import { api } from './api-client';
import { STORAGE_KEYS, storage } from './storage';

export const profileQueryKey = ['profile'] as const;

function remember(user: User | null) {
  if (user) {
    storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    storage.set(STORAGE_KEYS.manager, String(user.manager));
  } else {
    storage.remove(STORAGE_KEYS.user);
    storage.remove(STORAGE_KEYS.manager);
  }
}

/**
 * The session lives in an HttpOnly cookie the page cannot read: the profile call decides. A
 * refusal (expired, deleted, no cookie) means signed out, and the stored user is cleared silently.
 */
export async function fetchProfile(): Promise<User | null> {
  try {
    const user = await api('profile', {});
    remember(user);
    return user;
  } catch {
    remember(null);
    return null;
  }
}

const sessionQuery = {
  queryKey: profileQueryKey,
  queryFn: fetchProfile,
  staleTime: 60_000,
  retry: false,
} as const;

/** Starts the session check before the first render (main.tsx). */
export function prefetchSession(client: QueryClient) {
  void client.prefetchQuery(sessionQuery);
}

export function useSession() {
  const query = useQuery(sessionQuery);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isManager: user?.manager === true, refetch: query.refetch };
}

/** After any sign-in: the answer is the user; no extra round trip. */
export function setSignedIn(client: QueryClient, user: User) {
  remember(user);
  client.setQueryData(profileQueryKey, user);
}

/** After the session ended (sign-out, a reset password, a closed account): nothing of it is kept. */
export function forgetSession(client: QueryClient) {
  remember(null);
  client.removeQueries();
  client.setQueryData(profileQueryKey, null);
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('logout', {}),
    onSettled: () => forgetSession(client),
  });
}
