/**
 * A film that already lives on YouTube joins the gallery by its link. The link is checked here
 * with the same rule the server uses (shared/youtube.ts), so a wrong paste is caught at once with
 * a sentence that says what to do.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { apiRequest, errorMessage } from '@/client/lib/request';
import type { MediaItem } from '@/shared/media';
import { youtubeVideoId } from '@/shared/youtube';

export const YOUTUBE_EMPTY = 'Indsæt linket til filmen på YouTube.';
export const YOUTUBE_INVALID = 'Linket er ikke en YouTube-video. Kopiér adressen fra YouTube og prøv igen.';

/** `premium`: whether the memorial has Premium now; films from YouTube are Premium's (the server refuses them otherwise). */
export function YoutubeForm({ memorialId, premium, onAdded }: { memorialId: string; premium: boolean; onAdded: (item: MediaItem) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: (youtubeUrl: string) => apiRequest<MediaItem>('POST', `/api/memorials/${encodeURIComponent(memorialId)}/media`, { body: { youtubeUrl, caption: '' } }),
    onSuccess: (item) => {
      setUrl('');
      onAdded(item);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = url.trim();
    const problem = !link ? YOUTUBE_EMPTY : youtubeVideoId(link) ? undefined : YOUTUBE_INVALID;
    setError(problem);
    if (!problem) add.mutate(link);
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-3">
      <TextField
        label="Link til en film på YouTube"
        hint={premium ? 'Fx https://www.youtube.com/watch?v=… eller https://youtu.be/…' : 'Film fra YouTube hører til Premium. Fx https://www.youtube.com/watch?v=… eller https://youtu.be/…'}
        type="url"
        inputMode="url"
        autoComplete="off"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" variant="secondary" disabled={add.isPending} className="self-start">
        <Clapperboard aria-hidden="true" />
        {add.isPending ? 'Tilføjer...' : 'Tilføj film'}
      </Button>
    </form>
  );
}
