/**
 * Choosing the memorial a stone's code opens: one, or two when two people share the stone. Used on
 * /profile ("Mine QR-koder") and on /qr-linking/{code}. Only memorials the person owns or
 * co-administers, and not deleted ones, can be chosen; the server checks it again.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Link2 } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { MemorialSummary } from '@/shared/memorials';
import { formatCode } from '@/shared/qr-code';
import type { OwnedQrCode } from '@/shared/qr-lifecycle';

const MEMORIALS_KEY = ['/api/user/memorials'];

/** `onDone(true)` once linked (the toast is shown), `onDone(false)` when the person changes their mind. */
export function LinkForm({ code, onDone, cancelText = 'Fortryd' }: { code: Pick<OwnedQrCode, 'code'>; onDone: (linked: boolean) => Promise<void> | void; cancelText?: string }) {
  const legendId = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const memorials = useQuery({
    queryKey: MEMORIALS_KEY,
    queryFn: ({ signal }) => apiRequest<{ memorials: MemorialSummary[] }>('GET', '/api/user/memorials', { signal }),
  });
  const link = useMutation({
    mutationFn: () => apiRequest<OwnedQrCode>('POST', `/api/qr-codes/${code.code}/link`, { body: { memorial: chosen[0], ...(chosen[1] ? { secondMemorial: chosen[1] } : {}) } }),
    onSuccess: async (linked) => {
      await onDone(true);
      // Not SPEC.md's "QR-kode tilknyttet", which says the code is now the account's.
      toast({ title: 'Mindesiden er valgt', description: `Stenen med koden ${formatCode(linked.code)} åbner nu mindesiden for ${linked.memorials.map((m) => m.name).join(' og ')}.` });
    },
    onError: (failure) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(failure) }),
  });
  const usable = memorials.data?.memorials.filter((m) => !m.deletedAt && (m.role === 'owner' || m.role === 'coadmin')) ?? [];

  const toggle = (id: string) => {
    setError(undefined);
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : current.length >= 2 ? current : [...current, id]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return setError('Vælg den mindeside, stenen skal åbne.');
    link.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 rounded-lg border border-border bg-card/80 p-4 sm:p-5">
      {memorials.isPending || memorials.isError ? (
        <QueryStatus compact query={memorials} pending="Henter dine mindesider..." failed="Dine mindesider kunne ikke hentes" />
      ) : usable.length === 0 ? (
        <p>
          Du har ingen mindesider at knytte koden til endnu.{' '}
          <Link to="/create-memorial" className="font-semibold text-gold-text underline underline-offset-4">
            Opret en mindeside
          </Link>
        </p>
      ) : (
        <fieldset aria-describedby={error ? `${legendId}-error` : undefined}>
          <legend id={legendId} className="font-semibold">
            Hvilken mindeside skal koden åbne?
          </legend>
          <p className="text-muted-foreground">Står to på samme sten, så vælg dem begge.</p>
          <div className="mt-3 grid gap-2">
            {usable.map((memorial) => {
              const checked = chosen.includes(memorial.id);
              return (
                <label key={memorial.id} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-input/70 bg-card px-4 py-2 has-checked:border-gold has-checked:bg-gold-soft/50">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--gold)]"
                    checked={checked}
                    disabled={!checked && chosen.length >= 2}
                    onChange={() => toggle(memorial.id)}
                  />
                  <span className="font-serif text-lg">{memorial.name}</span>
                </label>
              );
            })}
          </div>
          {error ? (
            <p id={`${legendId}-error`} role="alert" className="mt-2 font-semibold text-destructive">
              {error}
            </p>
          ) : null}
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {usable.length ? (
          <Button type="submit" size="sm" disabled={link.isPending}>
            <Link2 aria-hidden="true" />
            {link.isPending ? 'Knytter...' : 'Knyt koden'}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" disabled={link.isPending} onClick={() => void onDone(false)}>
          {cancelText}
        </Button>
      </div>
    </form>
  );
}
