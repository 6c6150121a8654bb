import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZES, type Product, ROUTES } from '@subtrans/contract';
import { useSiteConfig } from '../../../lib/site-config';
import { api } from '../../../lib/api-client';

/** SPEC §7: the host's profile says which product call it uses; a failure leaves the list empty. */
export function useProducts() {
  const site = useSiteConfig();
  return useQuery({
    queryKey: ['products', site.productListCall],
    queryFn: () =>
      api(
        site.productListCall === API.productTransList ? ROUTES.productTransList : ROUTES.productList,
        {},
      ).catch(() => [] as Product[]),
    staleTime: 5 * 60_000,
  });
}

export const ordersQueryKey = ['orders'] as const;

export function useOrders(page: number) {
  return useQuery({
    queryKey: [...ordersQueryKey, page],
    queryFn: () => api(ROUTES.orderList, { page, size: PAGE_SIZES.orders }),
    placeholderData: keepPreviousData,
  });
}

export const createAlipayUrl = (id: number) => api(ROUTES.alipayCreate, { id });
export const queryAlipayOrder = (outTradeNo: string) => api(ROUTES.alipayQuery, { outTradeNo });
export const queryPayment = (id: string) => api(ROUTES.paymentQuery, { id });

export const createCardPayment = (id: number) => api(ROUTES.wallexCreate, { id });
export const queryCardPayment = (payId: string) => api(ROUTES.wallexQuery, { payId });
