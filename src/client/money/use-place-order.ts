/**
 * "Betal": POST /api/orders, then on to where the payment happens (Stripe's page, or the invoice
 * with the transfer details). The key is made once when the form opens (its component mounts), so
 * a second press, a double click or a retry after a lost answer finds the same order instead of
 * making another (decision 0025).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { OrderBody, orderCreated } from '@/shared/money-api';
import { apiRequest } from '@/client/lib/request';
import { ordersKey, premiumStatusKey } from './money-keys';
import { useOnePayment } from './use-one-payment';

type OrderCreated = z.infer<typeof orderCreated>;
export type NewOrder = Omit<OrderBody, 'idempotencyKey'>;

export function usePlaceOrder() {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const payment = useOnePayment();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (order: NewOrder) => apiRequest<OrderCreated>('POST', '/api/orders', { body: { ...order, idempotencyKey } }),
    onError: payment.release,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: premiumStatusKey });
      if (created.checkoutUrl) payment.leaveFor(created.checkoutUrl);
      else if (created.invoiceId) navigate(`/invoice-payment/${created.invoiceId}`);
      else navigate(`/orders?order=${created.order.id}`);
    },
  });
  return {
    /** Sends once: a press while one is out (or while the browser leaves to pay) does nothing. */
    place: (order: NewOrder) => {
      if (payment.claim()) mutation.mutate(order);
    },
    busy: mutation.isPending || payment.leaving,
    leaving: payment.leaving,
    error: mutation.error,
  };
}
