import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type AdminUser, type PagedList } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

export const usersQueryKey = (page: number, size: number) => ['admin-users', page, size] as const;

export function useUsers(page: number, size: number) {
  return useQuery({
    queryKey: usersQueryKey(page, size),
    queryFn: () => api<PagedList<AdminUser & { point?: number }>>(API.allUsers, { page, size }),
    placeholderData: keepPreviousData,
  });
}

export const createUser = (body: { email: string; name: string; pass: string; pic?: string }) =>
  api<unknown>(API.createUser, body);
export const deleteUser = (id: number) => api<null>(API.deleteUser, { id });
