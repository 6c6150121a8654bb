import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const usersQueryKey = (page: number, size: number) => ['admin-users', page, size] as const;

export function useUsers(page: number, size: number) {
  return useQuery({
    queryKey: usersQueryKey(page, size),
    queryFn: () => api('allUsers', { page, size }),
    placeholderData: keepPreviousData,
  });
}

export const createUser = (body: { email: string; name: string; pass: string; pic?: string }) =>
  api('createUser', body);
export const deleteUser = (id: number) => api('deleteUser', { id });
