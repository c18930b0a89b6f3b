/**
 * "Annuller bestillingen" for an order still waiting for its payment (POST /api/orders/{id}/cancel).
 * Asked first: its open invoice is credited, so it says so. The answer is the order as it now is.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { orderKey, ordersKey, premiumStatusKey } from './money-keys';
import type { OrderDetail } from './use-money';

export function CancelOrder({ order }: { order: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => apiRequest<OrderDetail>('POST', `/api/orders/${order.id}/cancel`),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(orderKey(order.id), cancelled);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: premiumStatusKey });
      setAsking(false);
      toast({ title: 'Bestillingen er annulleret', description: `Ordre nr. ${order.number} skal ikke betales.` });
    },
    onError: (error) => {
      setAsking(false);
      toast({ variant: 'destructive', title: 'Bestillingen blev ikke annulleret', description: errorMessage(error) });
      void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
    },
  });
  const hasInvoice = order.invoices.some((invoice) => invoice.kind === 'invoice' && invoice.status === 'open');

  return (
    <>
      <Button variant="quiet" onClick={() => setAsking(true)} disabled={cancel.isPending}>
        <X aria-hidden="true" />
        Annuller bestillingen
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Annuller ordre nr. ${order.number}?`}
        confirmLabel="Annuller bestillingen"
        pendingLabel="Annullerer..."
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      >
        <p>Bestillingen bliver ikke til noget, og I skal ikke betale for den.</p>
        {hasInvoice ? <p>Fakturaen bliver krediteret, så I får en kreditnota. Har I allerede overført pengene, så skriv til os i stedet.</p> : null}
      </ConfirmDialog>
    </>
  );
}
