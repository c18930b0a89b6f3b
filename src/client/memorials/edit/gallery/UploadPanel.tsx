/**
 * Where photos and films come in: one large "Tilføj billeder" button that opens the phone's or
 * computer's file picker (several files at once), and on a desktop the same area takes files
 * dragged onto it. What we accept is said before anyone has to find out by failing.
 */
import { useRef, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { MEDIA_LIMITS } from '@/shared/media-limits';
import { FREE_PHOTO_LIMIT } from '@/shared/premium';
import { PremiumLink } from '../../premium/PremiumNote';
import { UploadList } from './UploadList';
import type { useUploadQueue } from './use-upload-queue';

/** The picker offers photos and the three film formats the server keeps (MOV is what an iPhone films). */
const ACCEPT = 'image/*,.heic,.heif,video/mp4,video/webm,video/quicktime,.mp4,.mov,.webm';

const MB = 1024 * 1024;
const number = (n: number) => n.toLocaleString('da-DK');

/**
 * `premium`: whether the memorial has Premium now; without it the panel says what the free plan
 * holds (shared/premium.ts) before a file is refused for it, with the way to Premium.
 */
export function UploadPanel({ queue, premium, photos }: { queue: ReturnType<typeof useUploadQueue>; premium: boolean; photos: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    if (files?.length) queue.add(Array.from(files));
  };
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

  return (
    <div>
      <div
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files);
        }}
        className={cn(
          'rounded-xl border-2 border-dashed px-5 py-7 text-center transition-colors sm:px-8',
          dragging ? 'border-gold bg-gold-soft/60' : 'border-input/60 bg-muted/50',
        )}
      >
        <Button size="lg" className="w-full sm:w-auto" onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          Tilføj billeder
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          onChange={(event) => {
            take(event.currentTarget.files);
            // The same file can be chosen again after a failure.
            event.currentTarget.value = '';
          }}
        />
        <p className="mt-4 text-base">
          Vælg et eller flere billeder eller film fra din telefon eller computer.
          <span className="hidden pointer-fine:inline"> Du kan også trække filerne herhen.</span>
        </p>
      </div>

      <ul className="mt-4 space-y-1 text-sm text-muted-foreground">
        <li>
          <span className="font-semibold text-foreground">Billeder:</span> JPEG, PNG, WebP, AVIF eller GIF, højst {number(MEDIA_LIMITS.photo.maxBytes / MB)} MB
          og {number(MEDIA_LIMITS.photo.maxInputPixels / 1_000_000)} megapixels pr. billede.
        </li>
        <li>
          <span className="font-semibold text-foreground">Film:</span> MP4, MOV eller WebM, højst {number(MEDIA_LIMITS.video.maxBytes / MB)} MB pr. film.
        </li>
        <li>Billederne tilpasses automatisk til skærmen, og oplysninger om hvor de er taget, fjernes.</li>
      </ul>

      {premium ? null : (
        <div className="mt-4 rounded-lg border border-gold/40 bg-gold-soft/60 px-4 py-3 text-sm">
          <p>
            Den gratis mindeside har plads til {FREE_PHOTO_LIMIT} billeder (I har {photos ? number(photos) : 'ingen endnu'}). Film hører til
            Premium, og med Premium er der plads til alle billederne. <PremiumLink>Læs om Premium</PremiumLink>
          </p>
        </div>
      )}

      <UploadList entries={queue.entries} busy={queue.busy} onCancel={queue.cancel} onRetry={queue.retry} onClear={queue.clearFinished} />
    </div>
  );
}
