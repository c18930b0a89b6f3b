/**
 * Where the grave is: the cemetery, section and number as they stand on the cemetery's map, and a
 * position for "Find graven". The easiest way to get the position is to stand at the grave with
 * the phone and press "Brug min position"; a pasted map link or typed coordinates work too.
 */
import { useRef, useState } from 'react';
import { LocateFixed, MapPin } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import type { Memorial, RestingPlace } from '@/shared/memorials';
import { MEMORIAL_LIMITS } from '@/shared/memorials';
import { formatPosition, parsePosition } from '../form/position';
import { graveMapUrl } from '../RestingPlace';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';

interface Draft {
  cemetery: string;
  section: string;
  graveNumber: string;
  position: string;
}

const draftOf = (place: RestingPlace): Draft => ({ cemetery: place.cemetery, section: place.section, graveNumber: place.graveNumber, position: formatPosition(place) });

const POSITION_ERRORS: Record<number, string> = {
  1: 'Telefonen må ikke vise din position. Tillad det i browserens indstillinger, eller skriv positionen selv.',
  2: 'Din position kunne ikke findes lige nu. Gå lidt ud i det fri, og prøv igen.',
  3: 'Det tog for lang tid at finde din position. Prøv igen.',
};

export function RestingPlaceSection({ memorial }: { memorial: Memorial }) {
  const [draft, setDraft] = useState(() => draftOf(memorial.restingPlace));
  const [base, setBase] = useState(draft);
  const [positionError, setPositionError] = useState<string>();
  const [locating, setLocating] = useState(false);
  const [saved, setSaved] = useState(false);
  const positionField = useRef<HTMLInputElement>(null);
  const update = useUpdateMemorial(memorial.id);
  const dirty = JSON.stringify(draft) !== JSON.stringify(base);
  const position = parsePosition(draft.position);
  const mapUrl = position ? graveMapUrl(position) : null;

  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSaved(false);
  };

  function locate() {
    if (!('geolocation' in navigator)) {
      setPositionError('Denne browser kan ikke finde din position. Skriv den i feltet i stedet.');
      return;
    }
    setLocating(true);
    setPositionError(undefined);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        set({ position: formatPosition({ latitude: Number(coords.latitude.toFixed(6)), longitude: Number(coords.longitude.toFixed(6)) }) });
      },
      (error) => {
        setLocating(false);
        setPositionError(POSITION_ERRORS[error.code] ?? POSITION_ERRORS[2]);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }

  return (
    <EditSection id="gravsted" title="Gravsted" description="Så besøgende kan finde frem til graven.">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.position.trim() && !position) {
            setPositionError('Positionen kunne ikke læses. Skriv den som 55.6761, 12.5683, eller indsæt et link fra et kort.');
            positionField.current?.focus();
            return;
          }
          update.mutate(
            {
              body: {
                restingPlace: {
                  cemetery: draft.cemetery,
                  section: draft.section,
                  graveNumber: draft.graveNumber,
                  latitude: position?.latitude ?? null,
                  longitude: position?.longitude ?? null,
                },
              },
            },
            {
              onSuccess: (next) => {
                const fresh = draftOf(next.restingPlace);
                setDraft(fresh);
                setBase(fresh);
                setSaved(true);
              },
            },
          );
        }}
      >
        <div className="space-y-6">
          <TextField
            label="Kirkegård"
            hint="fx Assistens Kirkegård, København"
            autoComplete="off"
            maxLength={MEMORIAL_LIMITS.place}
            value={draft.cemetery}
            onChange={(e) => set({ cemetery: e.target.value })}
          />
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField label="Afdeling (valgfrit)" autoComplete="off" maxLength={40} value={draft.section} onChange={(e) => set({ section: e.target.value })} />
            <TextField label="Gravstedsnummer (valgfrit)" autoComplete="off" maxLength={40} value={draft.graveNumber} onChange={(e) => set({ graveNumber: e.target.value })} />
          </div>
          <div className="space-y-3">
            <TextField
              ref={positionField}
              label="Gravens position på kortet (valgfrit)"
              hint="Står du ved graven, så tryk på »Brug min position«. Du kan også skrive koordinater som 55.6761, 12.5683 eller indsætte et link fra et kort."
              autoComplete="off"
              inputMode="text"
              value={draft.position}
              error={positionError}
              onChange={(e) => {
                set({ position: e.target.value });
                setPositionError(undefined);
              }}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={locate} disabled={locating}>
                <LocateFixed aria-hidden="true" />
                {locating ? 'Finder din position...' : 'Brug min position'}
              </Button>
              {mapUrl ? (
                <a href={mapUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-12 items-center gap-2 px-2 font-semibold text-gold-text underline underline-offset-4">
                  <MapPin className="size-5" aria-hidden="true" />
                  Se positionen på kortet<span className="sr-only"> (åbner i en ny fane)</span>
                </a>
              ) : null}
            </div>
          </div>
        </div>
        <SaveRow dirty={dirty} pending={update.isPending} saved={saved && !dirty} />
      </form>
    </EditSection>
  );
}
