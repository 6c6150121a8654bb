import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZES, type Product } from '@subtrans/contract';
import { useSiteConfig } from '../../../lib/site-config';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from '../../../lib/money-sync';

export { ordersQueryKey };

/** SPEC §7: the host's profile says which product call it uses; a failure leaves the list empty. */
export function useProducts() {
  const site = useSiteConfig();
  return useQuery({
    queryKey: ['products', site.productListCall],
    queryFn: () =>
      api(site.productListCall === API.productTransList ? 'productTransList' : 'productList', {}).catch(
        () => [] as Product[],
      ),
    staleTime: 5 * 60_000,
  });
}

export function useOrders(page: number) {
  return useQuery({
    queryKey: [...ordersQueryKey, page],
    queryFn: () => api('orderList', { page, size: PAGE_SIZES.orders }),
    placeholderData: keepPreviousData,
    // money: a payment made in another tab shows when this one is looked at again
    refetchOnWindowFocus: true,
  });
}

export const createAlipayUrl = (id: number) => api('alipayCreate', { id });
export const queryAlipayOrder = (outTradeNo: string) => api('alipayQuery', { outTradeNo });
export const queryPayment = (id: string) => api('paymentQuery', { id });

export const createCardPayment = (id: number) => api('wallexCreate', { id });
export const queryCardPayment = (payId: string) => api('wallexQuery', { payId });
