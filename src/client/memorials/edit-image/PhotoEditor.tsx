/**
 * Cutting one photo: the whole original with the current crop laid over it (a second edit starts
 * where the first left off, and can still reach every pixel), turning a quarter either way, the
 * formats a memorial uses, a preview of the result, and saving, which re-cuts the kept original on
 * the server. Saving or cancelling goes back to the memorial's edit page.
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Check, RotateCcw, RotateCw, Undo2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { PhotoForEditing } from '@/shared/media-api';
import { ASPECTS, type AspectId, type Rect, type Rotation, fitRatio, fullFrame, orientedRatio, roundRect, toEdit, turn, turnRect, turnedSize } from './crop-geometry';
import { CropPreview } from './CropPreview';
import { CropStage } from './CropStage';
import { useSavePhotoEdit } from './use-photo-for-editing';

const pixels = new Intl.NumberFormat('da-DK');

const pressedClass = (pressed: boolean) => cn('min-w-0 px-3', pressed && 'border-gold bg-gold-soft hover:bg-gold-soft hover:border-gold dark:bg-gold-soft');

export function PhotoEditor({ photo }: { photo: PhotoForEditing }) {
  const navigate = useNavigate();
  const save = useSavePhotoEdit(photo);
  const hintId = useId();
  const original = photo.original;
  const [rotate, setRotate] = useState<Rotation>(photo.edit?.rotate ?? 0);
  const [rect, setRect] = useState<Rect>(() => photo.edit?.crop ?? fullFrame(turnedSize(original, photo.edit?.rotate ?? 0)));
  const [aspect, setAspect] = useState<AspectId>('free');
  const turned = turnedSize(original, rotate);
  const chosen = ASPECTS.find((option) => option.id === aspect)!;
  const ratio = chosen.ratio === null ? null : orientedRatio(chosen.ratio, turned);
  const size = roundRect(rect, turned);
  const editPath = `/edit-memorial/${photo.memorial.slug}`;
  const label = photo.caption || `Billede fra mindesiden for ${photo.memorial.name}`;

  function turnBy(direction: 1 | -1) {
    setRect(turnRect(rect, turned, direction));
    setRotate(turn(rotate, direction));
  }

  function chooseAspect(id: AspectId) {
    setAspect(id);
    const option = ASPECTS.find((candidate) => candidate.id === id)!;
    if (option.ratio !== null) setRect(fitRatio(rect, orientedRatio(option.ratio, turned), turned));
  }

  function reset() {
    setRotate(0);
    setRect(fullFrame(original));
    setAspect('free');
  }

  function onSave() {
    save.mutate(toEdit(rotate, rect, turned), {
      onSuccess: () => {
        toast({ title: 'Billedet er gemt', description: 'Det nye udsnit vises nu på mindesiden.' });
        void navigate(editPath);
      },
      onError: (error) => toast({ title: 'Fejl ved opdatering', description: errorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <div className="grid gap-x-10 gap-y-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
      <section aria-label="Billedet og udsnittet" className="-mx-4 min-w-0 sm:-mx-[22px]">
        <CropStage src={original.displayUrl} original={original} rotate={rotate} turned={turned} rect={rect} ratio={ratio} onChange={setRect} hintId={hintId} />
        <p id={hintId} className="mx-4 text-sm text-muted-foreground sm:mx-[22px]">
          Træk i rammen for at flytte udsnittet, og i hjørnerne for at gøre det større eller mindre. Med tastaturet: piletasterne flytter rammen, og Skift med piletasterne ændrer størrelsen.
        </p>
      </section>

      <div className="flex flex-col gap-7">
        <div role="group" aria-labelledby={`${hintId}-turn`}>
          <h2 id={`${hintId}-turn`} className="font-sans text-base font-semibold">
            Drej billedet
          </h2>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <Button variant="secondary" size="sm" aria-label="Drej til venstre" onClick={() => turnBy(-1)} disabled={save.isPending}>
              <RotateCcw aria-hidden="true" />
              Til venstre
            </Button>
            <Button variant="secondary" size="sm" aria-label="Drej til højre" onClick={() => turnBy(1)} disabled={save.isPending}>
              <RotateCw aria-hidden="true" />
              Til højre
            </Button>
          </div>
        </div>

        <div role="group" aria-labelledby={`${hintId}-format`}>
          <h2 id={`${hintId}-format`} className="font-sans text-base font-semibold">
            Format
          </h2>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {ASPECTS.map((option) => (
              <Button
                key={option.id}
                variant="secondary"
                size="sm"
                aria-pressed={aspect === option.id}
                onClick={() => chooseAspect(option.id)}
                disabled={save.isPending}
                className={cn(pressedClass(aspect === option.id), option.id === '1:1' && 'col-span-2')}
              >
                {aspect === option.id ? <Check aria-hidden="true" /> : null}
                {option.label}
              </Button>
            ))}
          </div>
        </div>

        <Button variant="quiet" size="sm" onClick={reset} disabled={save.isPending} className="self-start">
          <Undo2 aria-hidden="true" />
          Nulstil til hele billedet
        </Button>

        <div>
          <h2 className="font-sans text-base font-semibold">Sådan kommer det til at se ud</h2>
          <div className="mt-3">
            <CropPreview src={original.displayUrl} original={original} rotate={rotate} turned={turned} rect={rect} label={label} />
          </div>
          <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
            Udsnit: {pixels.format(size.width)} × {pixels.format(size.height)} pixels
          </p>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
          <Button size="lg" onClick={onSave} disabled={save.isPending} className="sm:flex-1">
            {save.isPending ? 'Gemmer...' : 'Gem'}
          </Button>
          <Button asChild variant="secondary" size="lg" className="sm:flex-1">
            <Link to={editPath}>Annuller</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
