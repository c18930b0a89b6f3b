/**
 * The form for a candle, a greeting, a memory or the family's words: a part of its own, fetched when
 * a visitor opens it (MemorialPosts.tsx), so a reader who only reads never loads react-hook-form or
 * zod. The rules are the server's own (src/shared/posts-api.ts), so a person sees its words at the
 * field before anything is sent. A shared memory may bring a photo (PhotoPicker): it is then sent
 * as multipart/form-data with its progress shown, and the server re-encodes it.
 */
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { HoneypotField } from '@/client/components/ui/honeypot-field';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { type RunningSend, sendForm } from '@/client/lib/send-form';
import { toast } from '@/client/lib/toast';
import {
  CANDLE_MESSAGE_MAX,
  GREETING_MAX,
  MEMORY_MAX,
  POST_NAME_MAX,
  type Post,
  type PostKind,
  candleBody,
  guestbookBody,
  memoryBody,
  tributeBody,
} from '@/shared/posts-api';
import { PhotoPicker, type Sending } from './PhotoPicker';

interface Values {
  name: string;
  message: string;
  website: string;
}

const FORMS = {
  candle: { path: 'candles', schema: candleBody, message: 'Hilsen (valgfri)', hint: `Højst ${CANDLE_MESSAGE_MAX} tegn.`, max: CANDLE_MESSAGE_MAX, rows: 3, send: 'Tænd lyset', sending: 'Tænder lyset...', failed: 'Fejl ved tænding af lys' },
  guestbook: { path: 'guestbook', schema: guestbookBody, message: 'Din hilsen', hint: undefined, max: GREETING_MAX, rows: 6, send: 'Skriv i gæstebogen', sending: 'Sender...', failed: 'Fejl ved tilføjelse' },
  memory: { path: 'memories', schema: memoryBody, message: 'Dit minde', hint: undefined, max: MEMORY_MAX, rows: 8, send: 'Del mindet', sending: 'Sender...', failed: 'Fejl ved tilføjelse' },
  tribute: { path: 'tributes', schema: tributeBody, message: 'Jeres mindeord', hint: undefined, max: MEMORY_MAX, rows: 8, send: 'Tilføj mindeord', sending: 'Sender...', failed: 'Fejl ved tilføjelse' },
} as const;

export default function PostForm({
  memorialId,
  kind,
  defaultName,
  onPosted,
  onOffline,
  onCancel,
}: {
  memorialId: string;
  kind: PostKind;
  defaultName: string;
  onPosted: (post: Post) => void;
  /**
   * A candle lit with no network, to be kept and sent when it returns (candle-queue.ts, which the
   * page imports: this form is a chunk of its own and imports nothing of the page's).
   */
  onOffline: (body: unknown) => void;
  onCancel: () => void;
}) {
  const spec = FORMS[kind];
  const form = useForm<Values>({
    // The four schemas share the fields; each shapes its own output (a candle's empty greeting becomes null).
    resolver: zodResolver(spec.schema) as unknown as Resolver<Values>,
    defaultValues: { name: defaultName, message: '', website: '' },
  });
  const { errors } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus(defaultName ? 'message' : 'name'), [setFocus, defaultName]);

  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [sending, setSending] = useState<Sending | null>(null);
  const running = useRef<RunningSend<Post> | null>(null);
  const path = `/api/memorials/${encodeURIComponent(memorialId)}/${spec.path}`;

  const send = useMutation({
    mutationFn: async (body: Values) => {
      if (!photo) return apiRequest<Post>('POST', path, { body });
      // The fields before the file: the server checks the words and its limits before it reads the photo.
      const form = new FormData();
      form.append('name', body.name);
      form.append('message', body.message);
      form.append('website', body.website);
      form.append('photo', photo, photo.name);
      setSending({ sent: 0, total: photo.size, done: false });
      running.current = sendForm<Post>(path, form, {
        onProgress: (sent, total) => setSending({ sent, total: total || photo.size, done: false }),
        onSent: () => setSending((now) => (now ? { ...now, done: true } : now)),
      });
      try {
        return await running.current.done;
      } finally {
        running.current = null;
        setSending(null);
      }
    },
    onSuccess: onPosted,
    // The text and the photo stay in the form, so nothing is lost when the person tries again.
    onError: (error, body) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // No network (a cemetery with no signal): the candle waits here and is lit when it returns.
      if (kind === 'candle' && error instanceof ApiError && error.status === 0) {
        onOffline(body);
        return;
      }
      if (error instanceof ApiError && error.field === 'photo') setPhotoError(error.message);
      toast({ variant: 'destructive', title: spec.failed, description: errorMessage(error) });
    },
  });
  // A form closed while its photo is on the way stops sending it.
  useEffect(() => () => running.current?.cancel(), []);
  const id = `post-${kind}`;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="space-y-6 rounded-xl border border-border bg-background/60 p-5 text-left sm:p-7">
      <TextField label="Dit navn" autoComplete="name" maxLength={POST_NAME_MAX} error={errors.name?.message} {...form.register('name')} />
      <TextAreaField
        label={spec.message}
        hint={spec.hint}
        rows={spec.rows}
        maxLength={spec.max}
        className={kind === 'candle' ? 'min-h-24' : undefined}
        error={errors.message?.message}
        {...form.register('message')}
      />
      {kind === 'memory' ? (
        <PhotoPicker
          photo={photo}
          error={photoError}
          sending={sending}
          disabled={send.isPending}
          onChange={(file, error) => {
            setPhoto(file);
            setPhotoError(error);
          }}
        />
      ) : null}

      <HoneypotField id={`${id}-website`} {...form.register('website')} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="quiet" onClick={onCancel}>
          Annuller
        </Button>
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? spec.sending : spec.send}
        </Button>
      </div>
    </form>
  );
}
