/**
 * "Handlinger": the steps staff may take with an order from where it stands (the server's
 * `nextSteps`, `canMarkPaid`, `canRefund`), each asked first in a dialog that says what follows.
 * Shipping takes an optional tracking number, cancelling and refunding a reason. Only what the
 * person's role may do is offered (admin-nav.ts's ORDER_MOVERS move it; money is admins'). The server
 * decides in the end: a refusal (the order moved on meanwhile: 409) is said in a toast, the
 * dialog closes and the order is read again.
 */
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError } from '@/client/lib/request';
import { useUser } from '@/client/lib/use-user';
import { ORDER_STATUS_LABELS } from '@/shared/money';
import { refundBody } from '@/shared/money-admin';
import { formatPrice } from '@/shared/pricing';
import { ORDER_MOVERS } from '../admin-nav';
import { Panel } from '../Panel';
import { invoiceName } from './format';
import { type AdminOrder, type OrderStep, useOrderAction } from './use-money';

type Question = OrderStep | 'mark-paid' | 'refund' | null;

/** orderStatusBody's and refundBody's limit. */
const NOTE_MAX = 300;
const STEPS: readonly OrderStep[] = ['in_production', 'shipped', 'delivered', 'cancelled'];

const STEP_LABELS: Record<OrderStep, string> = {
  in_production: 'Sæt i produktion',
  shipped: 'Marker som afsendt',
  delivered: 'Marker som leveret',
  cancelled: 'Annuller ordren',
};

/** The toast's words when a step is taken: "Ordre 1042 er afsendt". */
const STEP_DONE: Record<OrderStep, string> = {
  in_production: 'er sat i produktion',
  shipped: 'er afsendt',
  delivered: 'er leveret',
  cancelled: 'er annulleret',
};

const cancelReason = 'Skriv hvorfor ordren annulleres.';

export function OrderActions({ order }: { order: AdminOrder }) {
  const [asking, setAsking] = useState<Question>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = `ordre ${order.number}`;

  const ask = (question: Exclude<Question, null>) => {
    setNote('');
    setError(undefined);
    setAsking(question);
  };
  const close = () => setAsking(null);
  // Done, or refused because the order moved on meanwhile (409) or is gone (404): the question is
  // moot, so the dialog closes and the toast and the order read again say why. Anything else (no
  // connection) keeps it open to try again.
  const closed = { onSuccess: close, onError: (error: Error) => error instanceof ApiError && (error.status === 409 || error.status === 404) && close() };

  const step = useOrderAction<{ status: OrderStep; note: string }>(order.id, 'status', {
    done: (next, body) => ({
      title: `Ordre ${next.number} ${STEP_DONE[body.status]}`,
      description: body.status === 'shipped' && body.note ? `Sporingsnummer: ${body.note}` : undefined,
    }),
    failed: 'Ordren blev ikke flyttet',
  });
  const markPaid = useOrderAction<Record<string, never>>(order.id, 'mark-paid', {
    done: (next) => ({ title: `Ordre ${next.number} er betalt`, description: 'Bankoverførslen er registreret, og fakturaen er markeret som betalt.' }),
    failed: 'Ordren blev ikke markeret som betalt',
  });
  const refund = useOrderAction<{ reason: string }>(order.id, 'refund', {
    done: (next) => ({ title: `Ordre ${next.number} er refunderet`, description: 'Kreditnotaen står under Fakturaer.' }),
    failed: 'Ordren blev ikke refunderet',
  });

  const { user } = useUser();
  const role = user?.role ?? 'user';
  const mover = (ORDER_MOVERS as readonly string[]).includes(role);
  const admin = role === 'admin';
  const canMarkPaid = order.canMarkPaid && admin;
  const canRefund = order.canRefund && admin;
  // Cancelling an unpaid order touches its invoice: the server leaves it to admins.
  const steps = STEPS.filter((s) => order.nextSteps.includes(s) && (s === 'cancelled' ? admin : mover));
  const forward = steps.filter((s) => s !== 'cancelled');
  const openInvoice = order.invoices.find((invoice) => invoice.kind === 'invoice' && invoice.status === 'open');
  const paidInvoice = order.invoices.find((invoice) => invoice.kind === 'invoice' && invoice.status !== 'open');
  const byStripe = order.paymentMethod === 'card' || order.paymentMethod === 'mobilepay';
  const nothing = steps.length === 0 && !canMarkPaid && !canRefund;
  const nothingForAnyone = !STEPS.some((s) => order.nextSteps.includes(s)) && !order.canMarkPaid && !order.canRefund;

  const takeStep = (status: OrderStep) => () => {
    if (status === 'cancelled' && note.trim().length < 3) {
      setError(cancelReason);
      return;
    }
    step.mutate({ status, note: note.trim() }, closed);
  };
  const sendRefund = () => {
    const parsed = refundBody.safeParse({ reason: note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    refund.mutate(parsed.data, closed);
  };

  const noteField = (label: string, hint: string) => (
    <TextAreaField
      label={label}
      hint={hint}
      rows={3}
      maxLength={NOTE_MAX}
      value={note}
      error={error}
      onChange={(event) => {
        setNote(event.target.value);
        setError(undefined);
      }}
    />
  );
  const trackingField = (
    <TextField
      label="Sporingsnummer (valgfrit)"
      hint="Står ved trinnet i ordrens forløb."
      autoComplete="off"
      spellCheck={false}
      maxLength={NOTE_MAX}
      value={note}
      onChange={(event) => setNote(event.target.value)}
    />
  );
  const dialog = (question: Exclude<Question, null>) => ({ open: asking === question, onOpenChange: (open: boolean) => !open && close() });
  const to = order.delivery ? `${order.delivery.name}, ${order.delivery.address}, ${order.delivery.postcode} ${order.delivery.town}` : null;

  return (
    <Panel title="Handlinger">
      {nothing ? (
        <p className="text-muted-foreground">
          {nothingForAnyone
            ? `Ordren er ${ORDER_STATUS_LABELS[order.status].toLowerCase()}. Der er ikke flere trin at tage.`
            : 'Produktionen eller en administrator tager ordrens næste trin.'}
        </p>
      ) : (
        <div className="grid gap-2">
          {canMarkPaid ? (
            <Button variant="primary" onClick={() => ask('mark-paid')}>
              Marker bankoverførsel som modtaget
            </Button>
          ) : null}
          {forward.map((s) => (
            <Button key={s} variant={canMarkPaid ? 'secondary' : 'primary'} onClick={() => ask(s)}>
              {STEP_LABELS[s]}
            </Button>
          ))}
          {steps.includes('cancelled') ? (
            <Button variant="secondary" onClick={() => ask('cancelled')}>
              {STEP_LABELS.cancelled}
            </Button>
          ) : null}
          {canRefund ? (
            <Button variant="secondary" onClick={() => ask('refund')}>
              Refunder
            </Button>
          ) : null}
        </div>
      )}

      <ConfirmDialog
        {...dialog('mark-paid')}
        title={`Er betalingen for ${name} modtaget?`}
        confirmLabel="Marker som betalt"
        pendingLabel="Registrerer..."
        pending={markPaid.isPending}
        variant="primary"
        onConfirm={() => markPaid.mutate({}, closed)}
      >
        <p>
          Tjek først, at {formatPrice(order.totalOre)} er kommet ind på kontoen{openInvoice ? ` med ${invoiceName(openInvoice).toLowerCase()} som tekst` : ''}.
        </p>
        <p>
          Ordren og fakturaen markeres som betalt.
          {order.kind === 'premium' && order.memorialName ? ` ${order.memorialName} får Premium med det samme.` : ''}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('in_production')}
        title={`Sæt ${name} i produktion?`}
        confirmLabel={STEP_LABELS.in_production}
        pendingLabel="Flytter..."
        pending={step.isPending}
        variant="primary"
        onConfirm={takeStep('in_production')}
      >
        <p>
          {order.title} til {order.buyerName} flyttes fra {ORDER_STATUS_LABELS[order.status]} til {ORDER_STATUS_LABELS.in_production}.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('shipped')}
        title={`Marker ${name} som afsendt?`}
        confirmLabel={STEP_LABELS.shipped}
        pendingLabel="Flytter..."
        pending={step.isPending}
        variant="primary"
        onConfirm={takeStep('shipped')}
        fields={trackingField}
      >
        <p>{to ? `Pakken går til ${to}.` : `${order.title} til ${order.buyerName}.`}</p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('delivered')}
        title={`Marker ${name} som leveret?`}
        confirmLabel={STEP_LABELS.delivered}
        pendingLabel="Flytter..."
        pending={step.isPending}
        variant="primary"
        onConfirm={takeStep('delivered')}
      >
        <p>Det er ordrens sidste trin. Den kan stadig refunderes bagefter.</p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('cancelled')}
        title={`Annuller ${name}?`}
        confirmLabel={STEP_LABELS.cancelled}
        dismissLabel="Behold ordren"
        pendingLabel="Annullerer..."
        pending={step.isPending}
        onConfirm={takeStep('cancelled')}
        fields={noteField('Begrundelse', 'Står ved trinnet i ordrens forløb og i loggen.')}
      >
        <p>
          Ordren er ikke betalt, så der er intet at refundere.
          {openInvoice ? ` ${invoiceName(openInvoice)} krediteres med en kreditnota.` : ''} En annulleret ordre kan ikke betales eller tages op igen.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('refund')}
        title={`Refunder ${name}?`}
        confirmLabel="Refunder"
        pendingLabel="Refunderer..."
        pending={refund.isPending}
        onConfirm={sendRefund}
        fields={noteField('Begrundelse', 'Står ved trinnet i ordrens forløb og i loggen.')}
      >
        <p>
          {formatPrice(order.totalOre)} refunderes, og der udstedes en kreditnota med det næste fakturanummer{paidInvoice ? `, som krediterer ${invoiceName(paidInvoice).toLowerCase()}` : ''}.
        </p>
        <p>
          {byStripe
            ? `Pengene går tilbage til kundens ${order.paymentMethod === 'card' ? 'kort' : 'MobilePay'} gennem Stripe.`
            : 'Ordren er betalt med bankoverførsel: overfør selv beløbet tilbage til kunden.'}
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
