/**
 * Where the grave is, as both layouts show it: the cemetery, section and grave number in words,
 * and "Find graven", a map at the grave's position that opens in a new tab.
 */
import { MapPin } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import type { Memorial } from '@/shared/memorials';

export function graveMapUrl({ latitude, longitude }: Pick<Memorial['restingPlace'], 'latitude' | 'longitude'>): string | null {
  if (latitude === null || longitude === null) return null;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=19/${latitude}/${longitude}`;
}

/** "Afdeling C, gravsted 112". */
export function graveLine({ section, graveNumber }: Memorial['restingPlace']): string {
  return [section && `Afdeling ${section}`, graveNumber && `gravsted ${graveNumber}`].filter(Boolean).join(', ');
}

export function hasRestingPlace(restingPlace: Memorial['restingPlace']): boolean {
  return Boolean(restingPlace.cemetery || graveMapUrl(restingPlace));
}

export function FindGraveLink({ restingPlace, className }: { restingPlace: Memorial['restingPlace']; className?: string }) {
  const mapUrl = graveMapUrl(restingPlace);
  if (!mapUrl) return null;
  return (
    <a
      href={mapUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex min-h-12 items-center gap-2 rounded-lg border border-input/70 bg-card px-5 font-semibold text-foreground hover:bg-secondary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <MapPin className="size-5" aria-hidden="true" />
      Find graven
      <span className="sr-only"> (åbner et kort i en ny fane)</span>
    </a>
  );
}
