/**
 * One photo or film of the gallery as the family manages it: the picture, its caption, whether it
 * is the page's portrait or cover, cropping, its place in the order, and deleting. Every control
 * names the item it acts on, so a screen reader user hears "Flyt billede 2 tidligere", not "Flyt".
 */
import { ArrowLeft, ArrowRight, Check, Crop, Film, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import type { MediaItem } from '@/shared/media';
import { Picture } from '../../Picture';
import { HiddenWithoutPremium } from '../../premium/PremiumNote';
import { CaptionField } from './CaptionField';
import { itemRef, itemTitle } from './item-words';

export type PictureRole = 'portrait' | 'cover';
export type MoveStep = -1 | 1;

interface MediaCardProps {
  memorialId: string;
  item: MediaItem;
  index: number;
  total: number;
  isPortrait: boolean;
  isCover: boolean;
  /** A portrait or cover change is on its way: the buttons wait for it. */
  pictureBusy: boolean;
  onPicture: (role: PictureRole, item: MediaItem, index: number) => void;
  onMove: (index: number, step: MoveStep) => void;
  onDelete: (item: MediaItem, index: number, opener: HTMLButtonElement) => void;
  /** The move buttons, so focus can follow the item to its new place. */
  moveButtonRef: (id: string, step: MoveStep, button: HTMLButtonElement | null) => void;
}

const THUMB_SIZES = '(min-width: 1024px) 320px, (min-width: 640px) 45vw, 100vw';

const toggleClass = (pressed: boolean) =>
  cn('w-full justify-start', pressed && 'border-gold bg-gold-soft hover:bg-gold-soft hover:border-gold dark:bg-gold-soft');

export function MediaCard({ memorialId, item, index, total, isPortrait, isCover, pictureBusy, onPicture, onMove, onDelete, moveButtonRef }: MediaCardProps) {
  const ref = itemRef(item, index);
  const photo = item.kind === 'photo';

  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {photo ? (
          <Picture item={item} sizes={THUMB_SIZES} alt={item.caption || `${ref[0]!.toUpperCase()}${ref.slice(1)} uden billedtekst`} className="absolute inset-0 size-full object-cover" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-muted-foreground">
            <span className="flex size-14 items-center justify-center rounded-full bg-card text-foreground shadow-sm">
              {item.kind === 'youtube' ? <Play className="size-6" aria-hidden="true" /> : <Film className="size-6" aria-hidden="true" />}
            </span>
            <span className="text-sm">{item.kind === 'youtube' ? 'Film fra YouTube' : 'Film'}</span>
          </div>
        )}
        {isPortrait || isCover ? (
          <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
            {isPortrait ? <Badge>Portræt</Badge> : null}
            {isCover ? <Badge>Forsidebillede</Badge> : null}
          </div>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-4 p-4">
        <h4 className="font-sans text-base font-semibold">{itemTitle(item, index, total)}</h4>
        {item.hiddenWithoutPremium ? <HiddenWithoutPremium className="-mt-2 text-sm text-muted-foreground" /> : null}
        <CaptionField memorialId={memorialId} item={item} itemRef={ref} />

        {photo ? (
          <div className="grid gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={isPortrait}
              aria-label={`Brug som portræt, ${ref}`}
              disabled={pictureBusy}
              className={toggleClass(isPortrait)}
              onClick={() => onPicture('portrait', item, index)}
            >
              <Check aria-hidden="true" className={cn(!isPortrait && 'invisible')} />
              Brug som portræt
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={isCover}
              aria-label={`Brug som forsidebillede, ${ref}`}
              disabled={pictureBusy}
              className={toggleClass(isCover)}
              onClick={() => onPicture('cover', item, index)}
            >
              <Check aria-hidden="true" className={cn(!isCover && 'invisible')} />
              Brug som forsidebillede
            </Button>
            <Button asChild variant="secondary" size="sm" className="w-full justify-start">
              <Link to={`/edit-image/${item.id}`} aria-label={`Beskær eller drej, ${ref}`}>
                <Crop aria-hidden="true" />
                Beskær eller drej
                </Link>
            </Button>
          </div>
        ) : null}

        <div className="mt-auto grid grid-cols-2 gap-2 border-t border-border pt-4">
          <Button
            ref={(button) => moveButtonRef(item.id, -1, button)}
            variant="secondary"
            size="sm"
            aria-label={`Flyt ${ref} tidligere`}
            disabled={index === 0}
            onClick={() => onMove(index, -1)}
          >
            <ArrowLeft aria-hidden="true" />
            Tidligere
          </Button>
          <Button
            ref={(button) => moveButtonRef(item.id, 1, button)}
            variant="secondary"
            size="sm"
            aria-label={`Flyt ${ref} senere`}
            disabled={index === total - 1}
            onClick={() => onMove(index, 1)}
          >
            Senere
            <ArrowRight aria-hidden="true" />
          </Button>
          <Button
            variant="quiet"
            size="sm"
            aria-label={`Slet ${ref}`}
            className="col-span-2 text-destructive hover:bg-destructive-soft"
            onClick={(event) => onDelete(item, index, event.currentTarget)}
          >
            <Trash2 aria-hidden="true" />
            Slet
          </Button>
        </div>
      </div>
    </li>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-gold/60 bg-card/95 px-2.5 py-0.5 text-xs font-semibold text-foreground shadow-sm">
      <Check className="size-3.5 text-gold-text" aria-hidden="true" />
      {children}
    </span>
  );
}
