/**
 * "Mine QR-koder" on /profile: the codes locked to the person's account, each with its state and
 * the memorial it opens, and what they can do with it: lock a code they have in hand, link it to a
 * memorial (or two, for a shared stone), unlink it, release it, and fetch it as a picture to print.
 * The rules are the server's (server/qr/holder.ts); this only asks.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Download, Link2, Lock, QrCode, Unlink, Unlock } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { LinkForm } from '@/client/qr/LinkForm';
import { codeFromInput, formatCode } from '@/shared/qr-code';
import type { OwnedQrCode } from '@/shared/qr-lifecycle';

const CODES_KEY = ['/api/user/owned-qr-codes'];
const BAD_CODE = 'Skriv de 10 tegn fra koden, fx 7K3QM-XR8D2, eller indsæt adressen fra koden. Tjek, at alle tegn er med.';

export function MyQrCodes() {
  const queryClient = useQueryClient();
  const codes = useQuery({
    queryKey: CODES_KEY,
    queryFn: ({ signal }) => apiRequest<OwnedQrCode[]>('GET', '/api/user/owned-qr-codes', { signal }),
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: CODES_KEY }), queryClient.invalidateQueries({ queryKey: ['/api/user/locked-qr-codes'] })]);

  useEffect(() => {
    if (codes.isError) toast({ variant: 'destructive', title: 'Fejl ved hentning af data', description: errorMessage(codes.error) });
  }, [codes.isError, codes.error]);

  return (
    <section aria-labelledby="mine-qr-koder" className="mt-12">
      <h2 id="mine-qr-koder" className="text-2xl sm:text-3xl">
        Mine QR-koder
      </h2>
      <p className="mt-2 text-muted-foreground">Koderne på jeres mindesten. En kode, der er låst til din konto, kan kun du knytte til en mindeside.</p>
      {codes.isPending || codes.isError ? (
        <QueryStatus compact query={codes} pending="Henter dine QR-koder..." failed="Dine QR-koder kunne ikke hentes" className="mt-6" />
      ) : codes.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-input/70 px-5 py-6 text-center text-muted-foreground">
          Du har ingen QR-koder endnu. Har du en kode fra en bedemand eller stenhugger, kan du låse den herunder.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-border border-y border-border">
          {codes.data.map((code) => (
            <CodeItem key={code.code} code={code} onChange={refresh} />
          ))}
        </ul>
      )}
      <LockForm onLocked={refresh} />
    </section>
  );
}

function LockForm({ onLocked }: { onLocked: () => Promise<unknown> }) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string>();
  const lock = useMutation({
    mutationFn: (code: string) => apiRequest<OwnedQrCode>('POST', `/api/qr-codes/${code}/lock`),
    onSuccess: async (code) => {
      setInput('');
      await onLocked();
      toast({ title: 'QR-kode låst', description: `Koden ${formatCode(code.code)} er nu låst til din konto.` });
    },
    onError: (failure) => toast({ variant: 'destructive', title: 'Fejl ved låsning', description: errorMessage(failure) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = codeFromInput(input);
    if (!code) return setError(BAD_CODE);
    setError(undefined);
    lock.mutate(code);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-8 rounded-xl border border-border bg-card/70 p-5 sm:p-6">
      <h3 className="text-xl">Lås en ny kode</h3>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="QR-kode"
          hint="De 10 tegn under koden, eller adressen fra den."
          value={input}
          onChange={(event) => setInput(event.target.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="flex-1"
          inputClassName="code-text uppercase"
        />
        <Button type="submit" disabled={lock.isPending} className="sm:mb-[2px]">
          <Lock aria-hidden="true" />
          {lock.isPending ? 'Låser...' : 'Lås koden'}
        </Button>
      </div>
    </form>
  );
}

function CodeItem({ code, onChange }: { code: OwnedQrCode; onChange: () => Promise<unknown> }) {
  const [linking, setLinking] = useState(false);
  const [confirming, setConfirming] = useState<'unlock' | 'unlink' | null>(null);
  const shown = formatCode(code.code);
  const finishLinking = async (linked: boolean) => {
    setLinking(false);
    if (linked) await onChange();
  };
  const step = useMutation({
    mutationFn: (action: 'unlock' | 'unlink') => apiRequest('POST', `/api/qr-codes/${code.code}/${action}`),
    onSuccess: async (_, action) => {
      setConfirming(null);
      await onChange();
      if (action === 'unlock') toast({ title: 'QR-kode frigivet', description: `Koden ${shown} er ikke længere låst til din konto.` });
      else toast({ title: 'Tilknytning fjernet', description: `Koden ${shown} åbner ikke længere en mindeside.` });
    },
    onError: (failure, action) =>
      toast({ variant: 'destructive', title: action === 'unlock' ? 'Fejl ved frigivelse' : 'Fejl ved opdatering', description: errorMessage(failure) }),
  });

  return (
    <li className="py-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="code-text text-xl">{shown}</p>
        <p className="text-muted-foreground">{code.statusLabel}</p>
      </div>
      {code.memorials.length ? (
        <p className="mt-1">
          Åbner{' '}
          {code.memorials.map((memorial, index) => (
            <span key={memorial.id}>
              {index ? ' og ' : ''}
              <Link to={`/memorial/${memorial.slug}`} className="font-serif text-lg text-gold-text underline decoration-gold/60 underline-offset-4">
                {memorial.name}
              </Link>
            </span>
          ))}
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">Ikke knyttet til en mindeside endnu.</p>
      )}

      {confirming ? (
        <div role="group" aria-label={`Bekræft for ${shown}`} className="mt-4 rounded-lg border border-border bg-secondary/60 p-4">
          <p>
            {confirming === 'unlock'
              ? `Frigiv koden ${shown}? Så kan en anden låse den til sin konto.`
              : `Fjern tilknytningen? Stenen med koden ${shown} åbner så ikke længere mindesiden.`}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button size="sm" variant="destructive" disabled={step.isPending} onClick={() => step.mutate(confirming)}>
              {confirming === 'unlock' ? 'Ja, frigiv koden' : 'Ja, fjern tilknytningen'}
            </Button>
            <Button size="sm" variant="secondary" disabled={step.isPending} onClick={() => setConfirming(null)}>
              Fortryd
            </Button>
          </div>
        </div>
      ) : linking ? (
        <LinkForm code={code} onDone={finishLinking} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-3">
          {code.status === 'claimed' ? (
            <>
              <Button size="sm" variant="secondary" onClick={() => setLinking(true)}>
                <Link2 aria-hidden="true" />
                Knyt til mindeside<span className="sr-only"> (kode {shown})</span>
              </Button>
              <Button size="sm" variant="quiet" onClick={() => setConfirming('unlock')}>
                <Unlock aria-hidden="true" />
                Frigiv<span className="sr-only"> koden {shown}</span>
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setConfirming('unlink')}>
              <Unlink aria-hidden="true" />
              Fjern tilknytning<span className="sr-only"> (kode {shown})</span>
            </Button>
          )}
        </div>
      )}

      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md font-semibold text-gold-text">
          <QrCode className="size-5" aria-hidden="true" />
          Hent koden som billede<span className="sr-only"> ({shown})</span>
        </summary>
        <ul className="mt-2 flex flex-wrap gap-3">
          {[
            { href: `/api/qr-codes/${code.code}/print.pdf`, text: 'PDF til print (A4)' },
            { href: `/api/qr-codes/${code.code}/qr.svg?ecc=H`, text: 'SVG til gravering' },
            { href: `/api/qr-codes/${code.code}/qr.png?ecc=H&size=1200`, text: 'PNG (1200 px)' },
          ].map((file) => (
            <li key={file.href}>
              <a href={file.href} download className="inline-flex min-h-11 items-center gap-2 rounded-md border border-input/70 bg-card px-4 text-sm font-semibold hover:bg-secondary">
                <Download className="size-4" aria-hidden="true" />
                {file.text}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
