/**
 * The proof beside the plaque form: the plaque drawn by the server as the laser will cut it, code
 * and text, redrawn a moment after each change. While a new one is drawn the last stays, dimmed;
 * a memorial with no code to engrave gets the server's sentence instead.
 */
import { ImageOff } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';
import { type ProofRequest, usePlaqueProof } from './use-plaque-proof';

interface PlaqueProofProps {
  /** Null until a memorial and a plaque are chosen. */
  request: ProofRequest | null;
  /** The text does not fit (the form says why at the text): nothing to draw until it does. */
  textDoesNotFit: boolean;
}

export function PlaqueProof({ request, textDoesNotFit }: PlaqueProofProps) {
  const { query, drawing } = usePlaqueProof(textDoesNotFit ? null : request);
  const busy = drawing || query.isFetching;

  if (!request || textDoesNotFit) {
    return (
      <div className="flex aspect-square flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border px-6 text-center text-muted-foreground">
        <ImageOff className="size-8" aria-hidden="true" />
        <p>{request ? 'Når teksten passer til pladen, tegner vi den her.' : 'Vælg mindeside og plade, så ser I pladen her.'}</p>
      </div>
    );
  }
  if (query.isError && !busy) {
    const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    return (
      <div className="space-y-4">
        <Notice tone="problem" title={refused ? 'Pladen kan ikke laves endnu' : 'Prøvetrykket kunne ikke vises'}>
          <p role="alert">{errorMessage(query.error)}</p>
        </Notice>
        {refused ? null : (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Prøv igen
          </Button>
        )}
      </div>
    );
  }
  const lines = request.lines.filter((line) => line.trim());
  return (
    <figure className="space-y-3">
      <div className="relative">
        {query.data ? (
          <img
            src={query.data}
            alt={lines.length ? `Prøvetryk af pladen med QR-koden og teksten: ${lines.join(', ')}` : 'Prøvetryk af pladen med QR-koden'}
            className={cn('w-full rounded-xl border border-border bg-white transition-opacity', busy && 'opacity-60')}
          />
        ) : (
          <Skeleton className="aspect-square w-full" />
        )}
      </div>
      <figcaption role="status" className="text-sm text-muted-foreground">
        {busy ? 'Tegner pladen...' : 'Sådan bliver pladen graveret.'}
      </figcaption>
    </figure>
  );
}
