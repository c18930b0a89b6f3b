/**
 * A person tapped in the full-screen chart: who they were, in a sheet from the bottom of a phone
 * (beside the chart on a wide screen), with the ways on: their close family as cards, the chart
 * centred on them, their own memorial. Closing it gives focus back to their card in the chart.
 */
import { ArrowRight, Crosshair, Users } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Link } from 'react-router';
import { DialogOverlay } from '@/client/components/ui/dialog';
import { Button, buttonClass } from '@/client/components/ui/button';
import type { TreePerson } from '@/shared/family-tree-api';
import { PersonPhoto } from './PersonPhoto';
import { useReturnFocus } from './return-focus';
import { RESTRICTED_TEXT, lifeLines, personName, years } from './words';

interface PersonSheetProps {
  person: TreePerson;
  isCentre: boolean;
  onClose: () => void;
  onCentre: () => void;
  onShowClose: () => void;
}

export function PersonSheet({ person, isCentre, onClose, onCentre, onShowClose }: PersonSheetProps) {
  const name = personName(person);
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogOverlay className="bg-[#1b1510]/35" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl border-t border-border bg-card px-5 pt-3 pb-6 text-card-foreground shadow-2xl data-[state=open]:animate-fade-in focus:outline-none sm:inset-x-auto sm:top-0 sm:right-0 sm:bottom-0 sm:max-h-none sm:w-[26rem] sm:rounded-none sm:border-t-0 sm:border-l sm:px-8 sm:pt-8"
        >
          <span aria-hidden="true" className="mx-auto mb-4 block h-1.5 w-12 rounded-full bg-border sm:hidden" />
          <div className="flex items-center gap-4">
            <PersonPhoto person={person} size={72} />
            <div className="min-w-0">
              <DialogPrimitive.Title className="font-serif text-2xl leading-tight break-words">{name}</DialogPrimitive.Title>
              {!person.restricted && years(person) ? <p className="mt-1 text-lg text-muted-foreground">{years(person)}</p> : null}
            </div>
          </div>
          {person.restricted ? (
            <p className="mt-4 text-muted-foreground">{RESTRICTED_TEXT}</p>
          ) : (
            <>
              {lifeLines(person).length ? (
                <ul className="mt-4 space-y-1 text-lg">
                  {lifeLines(person).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
              {person.note ? <p className="mt-4 font-serif text-lg leading-relaxed whitespace-pre-line">{person.note}</p> : null}
            </>
          )}
          <div className="mt-6 grid gap-3">
            {person.linkedMemorial ? (
              <Link to={`/memorial/${encodeURIComponent(person.linkedMemorial.slug)}`} className={buttonClass('primary', 'lg', 'w-full')}>
                Gå til mindesiden
                <span className="sr-only"> om {person.linkedMemorial.name}</span>
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : null}
            <Button size="lg" variant={person.linkedMemorial ? 'secondary' : 'primary'} onClick={onShowClose} className="w-full">
              <Users aria-hidden="true" />
              Vis nærmeste familie
            </Button>
            {isCentre ? null : (
              <Button size="lg" variant="secondary" onClick={onCentre} className="w-full">
                <Crosshair aria-hidden="true" />
                Sæt i midten af stamtræet
              </Button>
            )}
            <DialogPrimitive.Close asChild>
              <Button size="lg" variant="quiet" className="w-full">
                Luk
              </Button>
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
