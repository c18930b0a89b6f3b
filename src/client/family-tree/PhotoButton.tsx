/**
 * A photo of the person from the phone's pictures or camera: chosen, sent with its progress shown
 * (send-form.ts), and checked and re-encoded by the server. A first photo can be undone (removed
 * again); a replaced one cannot be brought back, so the toast then has no "Fortryd".
 */
import { useRef, useState } from 'react';
import { Camera, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { sendForm } from '@/client/lib/send-form';
import type { TreePerson } from '@/shared/family-tree-api';
import { treeCalls } from './api';
import { runChange } from './changes';
import { personName } from './words';

export function PhotoButtons({ memorial, person }: { memorial: string; person: TreePerson }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const calls = treeCalls(memorial);
  const name = personName(person);

  async function upload(file: File) {
    const form = new FormData();
    form.set('file', file);
    setProgress(0);
    const hadPhoto = person.photo !== null;
    await runChange(queryClient, memorial, {
      call: () => sendForm<{ personId: string }>(calls.photoPath(person.id), form, { onProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0) }).done,
      done: `Fotoet af ${name} er gemt`,
      undo: hadPhoto ? undefined : () => ({ undone: `Fotoet af ${name} er fjernet igen`, run: () => calls.removePhoto(person.id) }),
    });
    setProgress(null);
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button variant="secondary" disabled={progress !== null} onClick={() => input.current?.click()}>
        <Camera aria-hidden="true" />
        {progress !== null ? `Sender foto... ${progress} %` : person.photo ? 'Skift foto' : 'Tilføj foto'}
      </Button>
      {person.photo ? (
        <Button variant="quiet" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Fjern foto
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Fjern fotoet af ${name}?`}
        confirmLabel="Fjern foto"
        pendingLabel="Fjerner..."
        pending={removing}
        onConfirm={async () => {
          setRemoving(true);
          await runChange(queryClient, memorial, { call: () => calls.removePhoto(person.id), done: `Fotoet af ${name} er fjernet` });
          setRemoving(false);
          setConfirming(false);
        }}
      >
        <p>Fotoet kan ikke hentes tilbage bagefter. I kan altid lægge et nyt op.</p>
      </ConfirmDialog>
    </>
  );
}
