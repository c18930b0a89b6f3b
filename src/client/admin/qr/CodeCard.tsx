/**
 * One code as the floor needs it (/admin/qr and /admin/qr-scanner): the code and its state, the
 * package it was made in, its reseller, the account it is locked to, the memorials it opens, the
 * reseller's hand-over, and its whole life as a timeline, oldest first. "Kassér kode" asks for a
 * reason in a dialog; where a code cannot be voided (a family holds it, it is voided already) the
 * button is disabled and the server's reason stands beside it.
 */
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Ban } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { useUser } from '@/client/lib/use-user';
import { type QrCodeView, VOID_REASON_MAX, voidCodeBody } from '@/shared/production';
import { formatCode } from '@/shared/qr-code';
import { FactList } from '../FactList';
import { Panel } from '../Panel';
import { danishDay, danishMoment } from '../people/format';
import { QrStateBadge } from './badges';
import { stateLabel } from './format';
import { useVoidCode } from './use-qr';

/** A link among the facts: underlined, so it reads as one on a touch screen too. */
export const factLink = 'font-semibold underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text';

export function CodeCard({ view }: { view: QrCodeView }) {
  const shown = formatCode(view.code);
  return (
    <div className="space-y-6">
      <section aria-labelledby={`code-${view.code}`} className="rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-6">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id={`code-${view.code}`} className="font-mono text-2xl tracking-wider sm:text-3xl">
            <span className="sr-only">QR-kode </span>
            {shown}
          </h2>
          <QrStateBadge status={view.status} className="text-sm leading-7" />
        </div>
        <div className="mt-5">
          <Facts view={view} />
        </div>
        <VoidAction view={view} />
      </section>
      <Timeline view={view} />
    </div>
  );
}

function Facts({ view }: { view: QrCodeView }) {
  const { user } = useUser();
  const rows: [string, ReactNode][] = [
    [
      'Pakke',
      view.package ? (
        <Link to={`/admin/qr-packages/${view.package.id}`} className={factLink}>
          {view.package.name}
        </Link>
      ) : (
        'Lavet enkeltvis, uden pakke'
      ),
    ],
    [
      'Forhandler',
      view.reseller ? (
        // The reseller pages are admins'; production staff read the name.
        user?.role === 'admin' ? (
          <Link to={`/admin/resellers/${view.reseller.id}`} className={factLink}>
            {view.reseller.name}
          </Link>
        ) : (
          view.reseller.name
        )
      ) : (
        'Direkte salg'
      ),
    ],
    [
      'Låst til',
      view.holder ? (
        <span className="block">
          <span className="block font-semibold">{view.holder.name}</span>
          <a href={`mailto:${view.holder.email}`} className={cn(factLink, 'font-normal break-all')}>
            {view.holder.email}
          </a>
          {view.holder.claimedAt ? <span className="block text-sm text-muted-foreground">siden {danishDay(view.holder.claimedAt)}</span> : null}
        </span>
      ) : (
        'Ingen konto'
      ),
    ],
    [
      view.memorials.length > 1 ? 'Mindesider' : 'Mindeside',
      view.memorials.length === 0 ? (
        'Ingen'
      ) : (
        <ul className="space-y-1">
          {view.memorials.map((memorial) => (
            <li key={memorial.id}>
              <Link to={`/memorial/${encodeURIComponent(memorial.slug)}`} className={factLink}>
                {memorial.name}
              </Link>
              {memorial.deleted ? <span className="ml-2 text-sm text-muted-foreground">(slettet)</span> : null}
            </li>
          ))}
        </ul>
      ),
    ],
    [
      'Overdraget',
      view.handover ? (
        <span className="block">
          <span className="block font-semibold">{view.handover.familyName}</span>
          {view.handover.email ? <span className="block break-all">{view.handover.email}</span> : null}
          <span className="block text-sm text-muted-foreground">
            {danishDay(view.handover.givenAt)}
            {view.handover.givenBy ? ` af ${view.handover.givenBy}` : ''}
            {view.handover.withdrawnAt ? ` · trukket tilbage ${danishDay(view.handover.withdrawnAt)}` : ''}
          </span>
        </span>
      ) : (
        'Ikke givet til en familie'
      ),
    ],
    ['Oprettet', danishMoment(view.createdAt)],
  ];
  return <FactList rows={rows} />;
}

function VoidAction({ view }: { view: QrCodeView }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const voiding = useVoidCode(view.code);
  const shown = formatCode(view.code);
  const refusalId = `void-refusal-${view.code}`;

  const confirm = () => {
    const parsed = voidCodeBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    voiding.mutate(parsed.data.reason, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: `${shown} er kasseret`, description: 'Koden kan ikke længere bruges. Begrundelsen står i kodens forløb.' });
      },
      onError: (failure) => {
        // Moved on meanwhile (a family locked it, someone else voided it): the dialog's question is moot.
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) setOpen(false);
        toast({ variant: 'destructive', title: 'Koden blev ikke kasseret', description: errorMessage(failure) });
      },
    });
  };

  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center">
      <Button
        variant="secondary"
        disabled={view.voidRefusal !== null}
        aria-describedby={view.voidRefusal ? refusalId : undefined}
        onClick={() => {
          setReason('');
          setError(undefined);
          setOpen(true);
        }}
      >
        <Ban aria-hidden="true" />
        Kassér kode
      </Button>
      {view.voidRefusal ? (
        <p id={refusalId} className="text-sm text-muted-foreground">
          {view.voidRefusal}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">En kasseret kode kan ikke bruges igen. Brug det til en beskadiget eller bortkommen kode.</p>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Kassér ${shown}?`}
        confirmLabel="Kassér kode"
        pendingLabel="Kasserer..."
        pending={voiding.isPending}
        onConfirm={confirm}
        fields={
          <TextAreaField
            label="Begrundelse"
            hint="Står i kodens forløb og i loggen."
            rows={3}
            maxLength={VOID_REASON_MAX}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        }
      >
        <p>
          Koden står nu som {stateLabel(view.status)}. Når den er kasseret, åbner den ingenting, og ingen kan låse den til en konto.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function Timeline({ view }: { view: QrCodeView }) {
  const events = view.events;
  return (
    <Panel title="Forløb">
      {events.length === 0 ? (
        <p className="text-muted-foreground">Ingen trin er skrevet for koden.</p>
      ) : (
        <ol className="relative space-y-4 border-l-2 border-border pl-5">
          {events.map((event, index) => {
            const now = index === events.length - 1;
            return (
              <li key={event.id} className="relative" aria-current={now ? 'step' : undefined}>
                <span aria-hidden="true" className={cn('absolute top-1.5 -left-[1.6rem] size-3 rounded-full border-2 border-card', now ? 'bg-gold' : 'bg-muted-foreground/50')} />
                <p className="font-semibold">
                  {stateLabel(event.to)}
                  {event.from ? <span className="font-normal text-muted-foreground"> fra {stateLabel(event.from)}</span> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={event.at}>{danishMoment(event.at)}</time>
                  {' · '}
                  {event.actor ? event.actor.name : 'ukendt person'}
                </p>
                {event.note ? <p className="mt-0.5 break-words whitespace-pre-line">{event.note}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
