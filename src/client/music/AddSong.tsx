/**
 * Adding a song: a sound file from the phone or computer, with how far it has come while it
 * travels, or a link to YouTube. Title and note go with it; a file's title may be left empty (the
 * server takes the file's own title, or its name). The server checks the file by its content and
 * its length, and its Danish sentence is shown as it comes.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link2, Upload } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { sendForm } from '@/client/lib/send-form';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@/shared/media-limits';
import { MUSIC_MESSAGES, SONG_NOTE_MAX, SONG_TITLE_MAX, type Song } from '@/shared/music';
import { youtubeVideoId } from '@/shared/youtube';

const ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.flac,.wav';
const NOTE_HINT = 'Fx “Hans yndlingssalme” eller “Sunget ved bisættelsen”.';

type Stage = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'checking' } | { state: 'failed'; message: string };

export function UploadSongForm({ memorialId, onAdded }: { memorialId: string; onAdded: (song: Song) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [stage, setStage] = useState<Stage>({ state: 'idle' });
  const input = useRef<HTMLInputElement | null>(null);
  const busy = stage.state === 'sending' || stage.state === 'checking';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setStage({ state: 'failed', message: 'Vælg først en lydfil.' });
    if (file.size > MEDIA_LIMITS.audio.maxBytes) return setStage({ state: 'failed', message: MEDIA_MESSAGES.tooLarge('audio') });
    const form = new FormData();
    form.append('title', title);
    form.append('note', note);
    form.append('file', file, file.name);
    setStage({ state: 'sending', percent: 0 });
    try {
      const song = await sendForm<Song>(`/api/memorials/${encodeURIComponent(memorialId)}/music`, form, {
        onProgress: (sent, total) => setStage({ state: 'sending', percent: Math.min(100, Math.round((sent / (total || file.size)) * 100)) }),
        onSent: () => setStage({ state: 'checking' }),
      }).done;
      setStage({ state: 'idle' });
      setFile(null);
      setTitle('');
      setNote('');
      if (input.current) input.current.value = '';
      onAdded(song);
    } catch (error) {
      setStage({ state: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Upload en sang">
      <div>
        <input
          ref={input}
          id="musik-fil"
          type="file"
          accept={ACCEPT}
          className="peer sr-only"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setStage({ state: 'idle' });
          }}
        />
        <label
          htmlFor="musik-fil"
          className="flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input bg-card px-5 text-lg font-semibold peer-focus-visible:outline-3 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-ring hover:bg-secondary"
        >
          <Upload className="size-6" aria-hidden="true" />
          {file ? 'Vælg en anden lydfil' : 'Vælg lydfil'}
        </label>
        <p className="mt-2 text-base break-words text-muted-foreground dark:text-foreground/80">
          {file ? `Valgt: ${file.name}` : 'MP3, M4A, OGG, FLAC eller WAV. Højst 100 MB og 30 minutter.'}
        </p>
      </div>
      <TextField label="Titel" hint="Lader du feltet stå tomt, bruger vi titlen fra filen." value={title} maxLength={SONG_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
      <TextField label="Et par ord om sangen (valgfrit)" hint={NOTE_HINT} value={note} maxLength={SONG_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
      {stage.state === 'sending' ? (
        <div>
          <p className="text-base" id="musik-fremdrift">
            Sender sangen... {stage.percent} %
          </p>
          <div role="progressbar" aria-labelledby="musik-fremdrift" aria-valuemin={0} aria-valuemax={100} aria-valuenow={stage.percent} className="mt-2 h-3 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${stage.percent}%` }} />
          </div>
        </div>
      ) : stage.state === 'checking' ? (
        <p role="status" className="text-base">
          Sangen er sendt. Vi tjekker lydfilen...
        </p>
      ) : stage.state === 'failed' ? (
        <p role="alert" className="text-base font-semibold text-destructive">
          {stage.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:self-start">
        <Upload aria-hidden="true" />
        {busy ? 'Uploader...' : 'Upload sangen'}
      </Button>
    </form>
  );
}

export function YoutubeSongForm({ memorialId, onAdded }: { memorialId: string; onAdded: (song: Song) => void }) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ url?: string; title?: string; form?: string }>({});
  const add = useMutation({
    mutationFn: () => apiRequest<Song>('POST', `/api/memorials/${encodeURIComponent(memorialId)}/music`, { body: { youtubeUrl: url.trim(), title, note } }),
    onSuccess: (song) => {
      setUrl('');
      setTitle('');
      setNote('');
      onAdded(song);
    },
    onError: (failure) => setErrors({ form: errorMessage(failure) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = url.trim();
    const found = {
      url: !link ? MUSIC_MESSAGES.youtubeMissing : youtubeVideoId(link) ? undefined : MUSIC_MESSAGES.youtubeInvalid,
      title: title.trim() ? undefined : MUSIC_MESSAGES.titleMissing,
    };
    setErrors(found);
    if (!found.url && !found.title) add.mutate();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Tilføj en sang fra YouTube">
      <TextField label="Link til sangen på YouTube" hint="Fx https://www.youtube.com/watch?v=… eller https://youtu.be/…" type="url" inputMode="url" autoComplete="off" value={url} onChange={(event) => setUrl(event.target.value)} error={errors.url} />
      <TextField label="Titel" value={title} maxLength={SONG_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
      <TextField label="Et par ord om sangen (valgfrit)" hint={NOTE_HINT} value={note} maxLength={SONG_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
      {errors.form ? (
        <p role="alert" className="text-base font-semibold text-destructive">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" size="lg" disabled={add.isPending} className="w-full sm:w-auto sm:self-start">
        <Link2 aria-hidden="true" />
        {add.isPending ? 'Tilføjer...' : 'Tilføj fra YouTube'}
      </Button>
    </form>
  );
}
