/**
 * The money calls (src/shared/money-api.ts) as queries. Each visit reads them afresh: a payment may
 * have come in since, by a webhook the page never sees. A refusal (404, 401) is not asked again.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { catalogueResponse, invoiceDetail, orderDetail, ordersResponse, premiumStatusResponse } from '@/shared/money-api';
import { ApiError, apiRequest } from '@/client/lib/request';
import { catalogueKey, invoiceKey, orderKey, ordersKey, premiumStatusKey } from './money-keys';

export type Catalogue = z.infer<typeof catalogueResponse>;
export type PremiumStatus = z.infer<typeof premiumStatusResponse>;
export type PremiumMemorial = PremiumStatus['memorials'][number];
export type Orders = z.infer<typeof ordersResponse>;
export type OrderSummary = Orders['orders'][number];
export type OrderDetail = z.infer<typeof orderDetail>;
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** The server said no (not found, not yours, not signed in): asking again will not change it. A dropped connection might. */
export const retryUnlessRefused = (failures: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failures < 1;

const get =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiRequest<T>('GET', path, { signal });

export function useCatalogue() {
  // Prices change seldom and only in the back office: the default five minutes are fine.
  return useQuery({ queryKey: catalogueKey, queryFn: get<Catalogue>(catalogueKey[0]), retry: retryUnlessRefused });
}

export function usePremiumStatus(enabled = true) {
  return useQuery({ queryKey: premiumStatusKey, queryFn: get<PremiumStatus>(premiumStatusKey[0]), enabled, staleTime: 0, retry: retryUnlessRefused });
}

export function useOrders() {
  return useQuery({ queryKey: ordersKey, queryFn: get<Orders>(ordersKey[0]), staleTime: 0, retry: retryUnlessRefused });
}

export function useOrder(id: string) {
  const key = orderKey(id);
  return useQuery({ queryKey: key, queryFn: get<OrderDetail>(key[0]), staleTime: 0, retry: retryUnlessRefused });
}

export function useInvoice(id: string) {
  const key = invoiceKey(id);
  return useQuery({ queryKey: key, queryFn: get<InvoiceDetail>(key[0]), staleTime: 0, retry: retryUnlessRefused });
}
