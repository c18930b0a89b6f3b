/**
 * The back office's money calls (money-admin.ts) as queries and mutations with the keys they
 * share. An order's action answers with the order as it is now, which replaces what the page
 * shows, and the lists are read again (an order's status and its invoices changed); a new price
 * answers with every price.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { adminInvoicesResponse, adminOrderDetail, adminOrdersResponse, orderStatusBody, pricesResponse } from '@/shared/money-admin';

export type AdminOrdersList = z.infer<typeof adminOrdersResponse>;
export type AdminOrderRow = AdminOrdersList['orders'][number];
export type AdminOrder = z.infer<typeof adminOrderDetail>;
export type AdminInvoicesList = z.infer<typeof adminInvoicesResponse>;
export type AdminInvoiceRow = AdminInvoicesList['invoices'][number];
export type PriceRow = z.infer<typeof pricesResponse>['prices'][number];
export type OrderStep = z.infer<typeof orderStatusBody>['status'];

const ORDERS = '/api/admin/orders';
const INVOICES = '/api/admin/invoices';
const PRICES = '/api/admin/prices';

const listParams = ({ q, page, ...filters }: { q: string; page: number } & Record<string, string | number>) => ({
  q: q || undefined,
  page: page > 1 ? page : undefined,
  ...Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value || undefined])),
});

export function useOrders(filters: { q: string; status: string; kind: string; page: number }) {
  return useQuery({
    queryKey: [ORDERS, 'list', filters],
    queryFn: ({ signal }) => apiRequest<AdminOrdersList>('GET', ORDERS, { signal, params: listParams(filters) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const orderKey = (id: string) => [ORDERS, 'one', id] as const;

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => apiRequest<AdminOrder>('GET', `${ORDERS}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

export function useInvoices(filters: { q: string; status: string; page: number }) {
  return useQuery({
    queryKey: [INVOICES, 'list', filters],
    queryFn: ({ signal }) => apiRequest<AdminInvoicesList>('GET', INVOICES, { signal, params: listParams(filters) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

interface Words<Body> {
  /** The toast when it went well, from what was sent and the order as it is now. */
  done: (order: AdminOrder, body: Body) => { title: string; description?: string };
  failed: string;
}

/**
 * One action on an order (a step, a bank transfer received, a refund): the call, a toast either
 * way with the server's own Danish words when it refuses (409: the order moved on meanwhile), the
 * page from the answer, and the lists read again.
 */
export function useOrderAction<Body extends object>(id: string, path: 'status' | 'mark-paid' | 'refund', { done, failed }: Words<Body>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<AdminOrder>('POST', `${ORDERS}/${encodeURIComponent(id)}/${path}`, { body }),
    onSuccess: (order, body) => {
      queryClient.setQueryData(orderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: [ORDERS, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [INVOICES, 'list'] });
      toast(done(order, body));
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: failed, description: errorMessage(error) });
      // A refusal usually means someone else moved the order: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: orderKey(id) });
    },
  });
}

const pricesKey = [PRICES] as const;

export function usePrices() {
  return useQuery({
    queryKey: pricesKey,
    queryFn: ({ signal }) => apiRequest<z.infer<typeof pricesResponse>>('GET', PRICES, { signal }),
    staleTime: 0,
  });
}

/** A new price for one plan or product; the answer is every price as it is now. Errors are the caller's (shown at the field). */
export function useSetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, slug, priceOre }: Pick<PriceRow, 'kind' | 'slug' | 'priceOre'>) =>
      apiRequest<z.infer<typeof pricesResponse>>('PUT', `${PRICES}/${kind}/${encodeURIComponent(slug)}`, { body: { priceOre } }),
    onSuccess: (prices) => queryClient.setQueryData(pricesKey, prices),
  });
}
