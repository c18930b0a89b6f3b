/**
 * What can be done with a laser job from where it stands, each asked first in a dialog that says
 * what follows for the order and the family: "Start gravering" (waiting), "Færdig" with the
 * parcel's tracking number and "Fejlet" with the reason (engraving), "Kør igen" (failed); and the
 * laser's file to download. The server decides in the end: a refusal (someone at another station
 * was first: 409) is said in a toast, the dialog closes and the job is read again.
 */
import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { cn } from '@/client/lib/cn';
import { ApiError } from '@/client/lib/request';
import { type LaserJobRow, laserFaceUrl, laserJobFailBody, laserMessages } from '@/shared/laser-jobs';
import { ORDER_STATUS_LABELS } from '@/shared/money';
import { jobName, plaqueText } from './format';
import { type JobAction, useLaserJobAction } from './use-production';

/** laserJobDoneBody's and laserJobFailBody's limit. */
const NOTE_MAX = 300;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why a waiting job's plaque must not be made: its order will not be paid for. */
export function closedOrderReason(job: Pick<LaserJobRow, 'order'>): string | null {
  const status = job.order?.status;
  if (status === 'refunded') return laserMessages.orderRefunded;
  if (status === 'cancelled') return laserMessages.orderCancelled;
  if (status === 'pending_payment') return laserMessages.orderNotPaid;
  return null;
}

interface JobActionsProps {
  job: LaserJobRow;
  /** The production floor's screen: bigger buttons for a gloved hand at arm's length. */
  large?: boolean;
  className?: string;
}

export function JobActions({ job, large = false, className }: JobActionsProps) {
  const [asking, setAsking] = useState<JobAction | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = jobName(job);
  const order = job.order;

  const start = useLaserJobAction(job.id, 'start', (next) => ({
    title: `Graveringen af ${name} er startet`,
    description: next.order?.status === 'in_production' && order?.status === 'paid' ? `Ordre ${next.order.number} er sat i produktion.` : undefined,
  }));
  const done = useLaserJobAction(job.id, 'done', (next) => ({
    title: `${capital(name)} er færdig`,
    description: next.order?.status === 'shipped' && order?.status !== 'shipped' ? `Ordre ${next.order.number} er markeret som afsendt, og ${next.order.buyerName} har fået besked.` : undefined,
  }));
  const fail = useLaserJobAction(job.id, 'fail', () => ({ title: `${capital(name)} er markeret som fejlet`, description: 'Kør jobbet igen, når pladen er klar.' }));
  const rerun = useLaserJobAction(job.id, 'rerun', (next) => ({ title: `${capital(name)} er sat i kø igen`, description: `Forsøg ${next.attempt}.` }));

  const ask = (action: JobAction) => {
    setNote('');
    setError(undefined);
    setAsking(action);
  };
  const close = () => setAsking(null);
  // Done, or moot because someone else moved the job meanwhile (409) or it is gone (404): the
  // dialog closes and the toast says why. Anything else (no connection) keeps it open to try again.
  const closed = { onSuccess: close, onError: (failure: Error) => failure instanceof ApiError && (failure.status === 409 || failure.status === 404) && close() };
  const dialog = (action: JobAction) => ({ open: asking === action, onOpenChange: (open: boolean) => !open && close() });

  const sendFailure = () => {
    const parsed = laserJobFailBody.safeParse({ reason: note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    fail.mutate(parsed.data, closed);
  };

  const closedReason = job.status === 'waiting' ? closedOrderReason(job) : null;
  const size: ButtonProps['size'] = large ? 'lg' : 'sm';

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {closedReason ? <p className="w-full text-sm font-semibold text-destructive">{closedReason}</p> : null}
      {job.status === 'waiting' && !closedReason ? (
        <Button size={size} onClick={() => ask('start')}>
          Start gravering
        </Button>
      ) : null}
      {job.status === 'engraving' ? (
        <>
          <Button size={size} onClick={() => ask('done')}>
            Færdig
          </Button>
          <Button size={size} variant="secondary" onClick={() => ask('fail')}>
            Fejlet
          </Button>
        </>
      ) : null}
      {job.status === 'failed' ? (
        <Button size={size} onClick={() => ask('rerun')}>
          Kør igen
        </Button>
      ) : null}
      <Button asChild size={size} variant="secondary">
        <a href={laserFaceUrl(job.id, 'svg')} download aria-label={`Hent SVG til ${name}`}>
          <Download aria-hidden="true" />
          Hent SVG
        </a>
      </Button>

      <ConfirmDialog
        {...dialog('start')}
        title={`Start gravering af ${name}?`}
        confirmLabel="Start gravering"
        pendingLabel="Starter..."
        pending={start.isPending}
        variant="primary"
        onConfirm={() => start.mutate(undefined, closed)}
      >
        <p>
          {plaqueText(job)}
          {job.attempt > 1 ? `, forsøg ${job.attempt}` : ''}. Læg pladen i laseren, og brug jobbets SVG-fil.
        </p>
        {order?.status === 'paid' ? <p>Ordre {order.number} sættes i produktion, og {order.buyerName} får en e-mail om det.</p> : null}
        {order && order.status !== 'paid' ? <p>Ordre {order.number} står allerede som {ORDER_STATUS_LABELS[order.status].toLowerCase()} og bliver, hvor den er.</p> : null}
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('done')}
        title={`Er ${name} færdig?`}
        confirmLabel="Markér som færdig"
        pendingLabel="Gemmer..."
        pending={done.isPending}
        variant="primary"
        onConfirm={() => done.mutate({ trackingNumber: note.trim() }, closed)}
        fields={
          order?.status === 'in_production' ? (
            <TextField
              label="Sporingsnummer (valgfrit)"
              hint="Står i familiens e-mail og på deres ordre."
              autoComplete="off"
              spellCheck={false}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          ) : undefined
        }
      >
        {order?.status === 'in_production' ? (
          <p>
            Pladen pakkes og sendes fra laseren. Ordre {order.number} markeres som afsendt, og {order.buyerName} får en e-mail om det.
          </p>
        ) : order ? (
          <p>
            Ordre {order.number} står som {ORDER_STATUS_LABELS[order.status].toLowerCase()}, så den flyttes ikke.
            {order.status === 'refunded' || order.status === 'cancelled' ? ' Pladen skal ikke sendes.' : ''}
          </p>
        ) : (
          <p>Jobbet er lavet i hånden og hører ikke til en ordre.</p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('fail')}
        title={`Fejlede graveringen af ${name}?`}
        confirmLabel="Markér som fejlet"
        pendingLabel="Gemmer..."
        pending={fail.isPending}
        onConfirm={sendFailure}
        fields={
          <TextAreaField
            label="Hvad gik galt?"
            hint="Står i jobbets forløb, så den næste ved, hvad der skal gøres om."
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            error={error}
            onChange={(event) => {
              setNote(event.target.value);
              setError(undefined);
            }}
          />
        }
      >
        <p>Jobbet kan køres igen bagefter.{order ? ` Ordre ${order.number} venter i produktion imens.` : ''}</p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('rerun')}
        title={`Kør ${name} igen?`}
        confirmLabel="Kør igen"
        pendingLabel="Sætter i kø..."
        pending={rerun.isPending}
        variant="primary"
        onConfirm={() => rerun.mutate(undefined, closed)}
      >
        <p>Jobbet kommer tilbage i køen som forsøg {job.attempt + 1}.</p>
        {job.failureReason ? <p>Sidst gik det galt: {job.failureReason}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
