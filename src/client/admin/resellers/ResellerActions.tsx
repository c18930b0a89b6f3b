/**
 * "Afgørelse": where the reseller stands (status, since when, the reason it was given) and the
 * decisions that fit it, each asked first in a dialog that says what follows and who is told: the
 * applicant gets every decision by e-mail. A rejection and a suspension need a reason; an
 * approval and a new rate take the commission as a percentage ("12,5"). The server decides in
 * the end, and a refusal is said in a toast while the dialog stays open.
 */
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Notice } from '@/client/components/ui/notice';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { type ResellerDetail, formatCommission, reasonBody } from '@/shared/resellers-admin';
import { danishDay } from '../people/format';
import { Panel } from '../Panel';
import { ResellerStatusBadge } from './badges';
import { parsePercent, percentText } from './format';
import { useDecision } from './use-resellers';

type Question = 'approve' | 'reject' | 'suspend' | 'reinstate' | 'commission' | 'setup-link' | null;

const REASON_MAX = 1000;

export function ResellerActions({ view }: { view: ResellerDetail }) {
  const { reseller } = view;
  const company = reseller.companyName;
  const contact = reseller.contactName || company;
  const [asking, setAsking] = useState<Question>(null);
  const [rate, setRate] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const ask = (question: Exclude<Question, null>) => {
    setRate(percentText(reseller.commissionBasisPoints));
    setReason('');
    setError(undefined);
    setAsking(question);
  };
  const close = () => setAsking(null);
  const closed = { onSuccess: close };

  const approve = useDecision<{ commissionBasisPoints: number }>(reseller.id, 'approve', {
    done: (next) => ({
      title: `${company} er godkendt`,
      description: next.account ? `Besked er sendt til ${next.reseller.email}.` : `Et link til at oprette kontoen er sendt til ${next.reseller.email}.`,
    }),
    failed: 'Ansøgningen blev ikke godkendt',
  });
  const reject = useDecision<{ reason: string }>(reseller.id, 'reject', {
    done: (next) => ({ title: 'Ansøgningen er afvist', description: `Begrundelsen er sendt til ${next.reseller.email}.` }),
    failed: 'Ansøgningen blev ikke afvist',
  });
  const suspend = useDecision<{ reason: string }>(reseller.id, 'suspend', {
    done: (next) => ({ title: `${company} er suspenderet`, description: `Begrundelsen er sendt til ${next.reseller.email}.` }),
    failed: 'Forhandleren blev ikke suspenderet',
  });
  const reinstate = useDecision(reseller.id, 'reinstate', {
    done: (next) => ({ title: `${company} er genoptaget`, description: `Besked er sendt til ${next.reseller.email}.` }),
    failed: 'Forhandleren blev ikke genoptaget',
  });
  const commission = useDecision<{ commissionBasisPoints: number }>(reseller.id, 'commission', {
    done: (next) => ({ title: `Provisionen er nu ${formatCommission(next.reseller.commissionBasisPoints)}` }),
    failed: 'Provisionen blev ikke ændret',
  });
  const setupLink = useDecision(reseller.id, 'setup-link', {
    done: (next) => ({ title: 'Nyt link sendt', description: `Linket til at oprette kontoen er sendt til ${next.reseller.email}.` }),
    failed: 'Linket blev ikke sendt',
  });

  /** The rate typed, as basis points, or its error shown at the field. */
  const typedRate = () => {
    const parsed = parsePercent(rate);
    if ('error' in parsed) {
      setError(parsed.error);
      return null;
    }
    return parsed.basisPoints;
  };
  const typedReason = () => {
    const parsed = reasonBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return null;
    }
    return parsed.data.reason;
  };
  const withRate = (mutate: (body: { commissionBasisPoints: number }, options: typeof closed) => void) => () => {
    const basisPoints = typedRate();
    if (basisPoints !== null) mutate({ commissionBasisPoints: basisPoints }, closed);
  };
  const withReason = (mutate: (body: { reason: string }, options: typeof closed) => void) => () => {
    const text = typedReason();
    if (text !== null) mutate({ reason: text }, closed);
  };

  const rateField = (
    <TextField
      label="Provision i procent"
      hint="Af partneres køb, fx 10 eller 12,5."
      inputMode="decimal"
      autoComplete="off"
      value={rate}
      error={error}
      onChange={(event) => {
        setRate(event.target.value);
        setError(undefined);
      }}
    />
  );
  const reasonField = (
    <TextAreaField
      label="Begrundelse"
      hint="Står i e-mailen til forhandleren og på forhandlersiden."
      rows={4}
      maxLength={REASON_MAX}
      value={reason}
      error={error}
      onChange={(event) => {
        setReason(event.target.value);
        setError(undefined);
      }}
    />
  );

  const since = reseller.statusChangedAt ?? reseller.createdAt;
  const noAccount = view.account === null;

  return (
    <Panel title="Afgørelse">
      <div className="space-y-5">
        <div className="space-y-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <ResellerStatusBadge status={reseller.status} className="text-sm leading-7" />
            <span className="text-sm text-muted-foreground">siden {danishDay(since)}</span>
          </p>
          {reseller.statusReason ? (
            <Notice title={reseller.status === 'rejected' ? 'Begrundelse for afslaget' : 'Begrundelse'}>
              <p className="break-words whitespace-pre-line">{reseller.statusReason}</p>
            </Notice>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Provision af partneres køb: <span className="font-semibold text-foreground">{formatCommission(reseller.commissionBasisPoints)}</span>
          </p>
        </div>

        <div className="grid gap-2">
          {reseller.status === 'pending' || reseller.status === 'rejected' ? (
            <Button variant="primary" onClick={() => ask('approve')}>
              Godkend
            </Button>
          ) : null}
          {reseller.status === 'pending' ? (
            <Button variant="destructive" onClick={() => ask('reject')}>
              Afvis
            </Button>
          ) : null}
          {reseller.status === 'suspended' ? (
            <Button variant="primary" onClick={() => ask('reinstate')}>
              Genoptag
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => ask('commission')}>
            Ændr provision
          </Button>
          {reseller.status === 'approved' && noAccount ? (
            <Button variant="secondary" onClick={() => ask('setup-link')}>
              Send nyt opsætningslink
            </Button>
          ) : null}
          {reseller.status === 'approved' ? (
            <Button variant="destructive" onClick={() => ask('suspend')}>
              Suspendér
            </Button>
          ) : null}
        </div>
      </div>

      <ConfirmDialog
        open={asking === 'approve'}
        onOpenChange={(open) => !open && close()}
        title={`Godkend ${company}?`}
        confirmLabel="Godkend"
        pendingLabel="Godkender..."
        pending={approve.isPending}
        variant="primary"
        onConfirm={withRate(approve.mutate)}
        fields={rateField}
      >
        {noAccount ? (
          <p>
            Ansøgningen er sendt uden konto. {contact} får et link på {reseller.email} til at vælge brugernavn og adgangskode til forhandlerkontoen. Linket virker i 7 dage.
          </p>
        ) : (
          <p>
            {contact} får besked på {reseller.email} og kan straks bruge forhandlersiden.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'reject'}
        onOpenChange={(open) => !open && close()}
        title={`Afvis ansøgningen fra ${company}?`}
        confirmLabel="Afvis ansøgningen"
        pendingLabel="Afviser..."
        pending={reject.isPending}
        onConfirm={withReason(reject.mutate)}
        fields={reasonField}
      >
        <p>Ansøgeren får begrundelsen på {reseller.email} og kan skrive til os via kontaktsiden. Ansøgningen kan stadig godkendes senere.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'suspend'}
        onOpenChange={(open) => !open && close()}
        title={`Suspendér ${company}?`}
        confirmLabel="Suspendér"
        pendingLabel="Suspenderer..."
        pending={suspend.isPending}
        onConfirm={withReason(suspend.mutate)}
        fields={reasonField}
      >
        <p>Forhandleren kan ikke give koder videre, før den genoptages. Koder, familier og historik bliver, som de er, og koder, som familier har taget i brug, virker fortsat.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'reinstate'}
        onOpenChange={(open) => !open && close()}
        title={`Genoptag ${company}?`}
        confirmLabel="Genoptag"
        pendingLabel="Genoptager..."
        pending={reinstate.isPending}
        variant="primary"
        onConfirm={() => reinstate.mutate(undefined, closed)}
      >
        <p>Forhandleren kan igen give koder videre til familier og får besked på {reseller.email}.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'commission'}
        onOpenChange={(open) => !open && close()}
        title={`Ændr provisionen for ${company}`}
        confirmLabel="Gem provision"
        pendingLabel="Gemmer..."
        pending={commission.isPending}
        variant="primary"
        onConfirm={withRate(commission.mutate)}
        fields={rateField}
      >
        <p>
          Provisionen er nu {formatCommission(reseller.commissionBasisPoints)}. Forhandleren får den nye sats på {reseller.email}.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'setup-link'}
        onOpenChange={(open) => !open && close()}
        title="Send et nyt opsætningslink?"
        confirmLabel="Send link"
        pendingLabel="Sender..."
        pending={setupLink.isPending}
        variant="primary"
        onConfirm={() => setupLink.mutate(undefined, closed)}
      >
        <p>Et nyt link til at oprette forhandlerkontoen sendes til {reseller.email}. Links, der er sendt før, holder op med at virke.</p>
      </ConfirmDialog>
    </Panel>
  );
}
