/**
 * A shared memory's optional photo in the form (PostForm.tsx): one button that opens the phone's
 * photo library (or the computer's files), a thumbnail of the chosen photo with a button to remove
 * it, and how far it has come while it is sent. What is too big or not a photo is said here before
 * anything is sent; the server checks the content again and has the last word.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@/shared/media-limits';

/**
 * The formats the server reads, named rather than "image/*": an iPhone then hands over a JPEG
 * instead of a HEIC photo, and Android and iOS alike still open the photo library and the camera.
 */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
const MB = 1024 * 1024;

export interface Sending {
  sent: number;
  total: number;
  /** Every byte has left the browser: the server is making the photo ready. */
  done: boolean;
}

/** Why a chosen file cannot be used, in the server's own words; undefined when it may be sent. */
export function refusal(file: File): string | undefined {
  // A phone may not say what a HEIC file is; the server reads its content and answers for it.
  const image = file.type.startsWith('image/') || (file.type === '' && /\.(heic|heif)$/i.test(file.name));
  if (!image) return MEDIA_MESSAGES.onlyPhoto;
  if (file.size > MEDIA_LIMITS.photo.maxBytes) return MEDIA_MESSAGES.tooLarge('photo');
  return undefined;
}

function size(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('da-DK')} kB`;
  return `${(bytes / MB).toLocaleString('da-DK', { maximumFractionDigits: 1 })} MB`;
}

export function PhotoPicker({
  photo,
  error,
  sending,
  disabled,
  onChange,
}: {
  photo: File | null;
  error: string | undefined;
  sending: Sending | null;
  disabled: boolean;
  onChange: (photo: File | null, error: string | undefined) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  // The thumbnail's address is made when a photo is chosen and let go when it is replaced,
  // removed, or the form closes, so a phone does not keep every photo tried in memory.
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const previewRef = useRef<string | null>(null);
  const show = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
    setPreviewFailed(false);
  };
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const percent = sending && sending.total > 0 ? Math.min(100, Math.round((sending.sent / sending.total) * 100)) : 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')} className="space-y-2">
      <p id={`${id}-label`} className="text-base font-semibold text-foreground">
        Billede <span className="font-normal text-muted-foreground">(valgfrit)</span>
      </p>
      <p id={hintId} className="text-sm text-muted-foreground">
        Har du et billede, der hører til mindet, kan du tilføje det. JPEG, PNG, WebP, AVIF eller GIF, højst {Math.round(MEDIA_LIMITS.photo.maxBytes / MB)} MB. Oplysninger om, hvor billedet er taget,
        fjernes.
      </p>

      {photo ? (
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-border bg-muted/40 p-3">
          {preview && !previewFailed ? (
            <img src={preview} alt="Det billede, du har valgt" onError={() => setPreviewFailed(true)} className="size-20 shrink-0 rounded-md object-cover shadow-xs" />
          ) : (
            <span className="flex size-20 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground" aria-hidden="true">
              <ImagePlus className="size-8" />
            </span>
          )}
          <div className="min-w-0 flex-1 basis-40">
            <p className="truncate text-sm font-semibold">{photo.name}</p>
            <p className="text-sm text-muted-foreground">{size(photo.size)}</p>
          </div>
          <Button
            type="button"
            variant="quiet"
            size="sm"
            disabled={disabled}
            onClick={() => {
              show(null);
              onChange(null, undefined);
              requestAnimationFrame(() => chooser.current?.focus());
            }}
          >
            <X aria-hidden="true" />
            Fjern billedet
          </Button>
        </div>
      ) : (
        <Button ref={chooser} type="button" variant="secondary" disabled={disabled} aria-describedby={error ? errorId : undefined} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          Tilføj et billede
        </Button>
      )}

      {sending ? (
        <div aria-live="polite" className="space-y-1.5 pt-1">
          <p className="text-sm font-semibold">{sending.done ? 'Billedet gøres klar...' : `Sender billedet... ${percent.toLocaleString('da-DK')} %`}</p>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-memorial-accent transition-[width]" style={{ width: `${sending.done ? 100 : percent}%` }} />
          </div>
        </div>
      ) : null}

      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <span aria-hidden="true" className="mt-[0.45em] inline-block size-1.5 shrink-0 rounded-full bg-destructive" />
          {error}
        </p>
      ) : null}

      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file can be chosen again after it was removed or refused.
          event.currentTarget.value = '';
          if (!file) return;
          const refused = refusal(file);
          show(refused ? null : file);
          onChange(refused ? null : file, refused);
        }}
      />
    </div>
  );
}
