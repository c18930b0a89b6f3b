/**
 * The wizard's portrait step: one photo, chosen from the phone or computer, sent to the gallery
 * and made the portrait. The person sees their own photo at once while the server works.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, UserRound } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { Memorial } from '@/shared/memorials';
import { Picture } from '../../Picture';
import { rememberMemorial } from '../../save';
import { uploadFile } from '../../edit/gallery/upload-file';

export function PortraitStep({ memorial, onBusy }: { memorial: Memorial; onBusy: (busy: boolean) => void }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const portrait = memorial.media.find((item) => item.id === memorial.portraitId && item.kind === 'photo');

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(file: File) {
    setError(undefined);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    onBusy(true);
    try {
      const item = await uploadFile(memorial.id, file, {
        onProgress: (sent, total) => setProgress(`Sender billedet... ${Math.floor((sent / Math.max(total, 1)) * 100)} %`),
        onSent: () => setProgress('Behandler billedet... Det tager et øjeblik.'),
      }).done;
      const updated = await apiRequest<Memorial>('PUT', `/api/memorials/${memorial.id}`, { body: { portraitId: item.id } });
      rememberMemorial(queryClient, updated);
      setPreview(null);
    } catch (failure) {
      setPreview(null);
      setError(errorMessage(failure));
      toast({ variant: 'destructive', title: 'Fejl ved upload', description: errorMessage(failure) });
    } finally {
      setProgress(null);
      setBusy(false);
      onBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col items-center text-center">
      <div className="relative size-48 overflow-hidden rounded-full border-4 border-card bg-secondary shadow-md ring-1 ring-border sm:size-56">
        {preview ? (
          <img src={preview} alt="Det valgte billede" className="size-full object-cover" />
        ) : portrait ? (
          <Picture item={portrait} sizes="224px" alt={`Portræt af ${memorial.name}`} eager className="size-full object-cover" />
        ) : (
          <UserRound className="absolute inset-0 m-auto size-24 text-muted-foreground/50" aria-hidden="true" />
        )}
        {busy ? <span className="absolute inset-0 bg-background/50" aria-hidden="true" /> : null}
      </div>
      <p aria-live="polite" className="mt-5 min-h-7 font-semibold">
        {busy ? (progress ?? 'Sender billedet...') : portrait && !error ? 'Portrættet er gemt.' : null}
      </p>
      {error ? (
        <p role="alert" className="mt-1 max-w-md font-semibold text-destructive">
          {error}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void choose(file);
        }}
      />
      <Button size="lg" variant={portrait ? 'secondary' : 'primary'} className="mt-5" disabled={busy} onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden="true" />
        {portrait ? 'Vælg et andet billede' : 'Vælg et billede'}
      </Button>
      <p className="mt-4 max-w-md text-sm text-muted-foreground">
        Et billede, hvor ansigtet ses tydeligt, fungerer bedst. Billedet bliver også en del af galleriet, og I kan beskære det senere.
      </p>
    </div>
  );
}
