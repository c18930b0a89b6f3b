/**
 * The gallery part of /edit-memorial/{slug}, under the page's own "Billeder og film" heading:
 * adding photos and films (files or a YouTube link), and for each item its caption, portrait and
 * cover, cropping, order and deletion. Every change is written into the cached memorial at once
 * and then fetched again (gallery-cache.ts), so the edit page and the memorial page agree with the
 * server. What changed out of sight (an upload finished, an item moved) is said in a live region.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { Notice } from '@/client/components/ui/notice';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { MediaItem } from '@/shared/media';
import type { Memorial } from '@/shared/memorials';
import { DeleteMediaDialog, type DeleteTarget } from './DeleteMediaDialog';
import { useGalleryCache, withItem } from './gallery-cache';
import { itemRef } from './item-words';
import { MediaCard, type MoveStep, type PictureRole } from './MediaCard';
import { reorder } from './reorder';
import { UploadPanel } from './UploadPanel';
import { useUploadQueue } from './use-upload-queue';
import { YoutubeForm } from './YoutubeForm';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function GalleryManager({ memorial }: { memorial: Memorial }) {
  const cache = useGalleryCache(memorial.id);
  const items = memorial.media;
  const [announcement, setAnnouncement] = useState('');
  // The same sentence twice must be heard twice: a live region only speaks when its text changes.
  const announce = useCallback((text: string) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text)), []);

  const queue = useUploadQueue({
    memorialId: memorial.id,
    onUploaded: (item, file) => {
      cache.update((current) => withItem(current, item));
      void cache.refresh();
      announce(`${file.name} er tilføjet til galleriet.`);
    },
    onFailed: (file, message) => toast({ title: 'Fejl ved upload', description: `${file.name}: ${message}`, variant: 'destructive' }),
  });

  const picture = useMutation({
    mutationFn: ({ role, id }: { role: PictureRole; id: string | null; ref: string }) =>
      apiRequest<Memorial>('PUT', `/api/memorials/${encodeURIComponent(memorial.id)}`, { body: role === 'portrait' ? { portraitId: id } : { coverId: id } }),
    onSuccess: (updated, { role, id, ref }) => {
      cache.update(() => updated);
      void cache.refresh();
      const what = role === 'portrait' ? 'portræt' : 'forsidebillede';
      announce(id ? `${capital(ref)} er nu sidens ${what}.` : `${capital(ref)} er ikke længere sidens ${what}.`);
    },
    onError: (error) => toast({ title: 'Fejl ved opdatering', description: errorMessage(error), variant: 'destructive' }),
  });

  // Moves are sent one after another, so two quick moves reach the server in the order they were made.
  const moves = useRef<Promise<unknown>>(Promise.resolve());
  const move = useMutation({
    mutationKey: ['gallery-order', memorial.id],
    mutationFn: (changes: { id: string; position: number }[]) => {
      const send = () =>
        Promise.all(changes.map(({ id, position }) => apiRequest<MediaItem>('PUT', `/api/memorials/${encodeURIComponent(memorial.id)}/media/${id}`, { body: { position } })));
      const sent = moves.current.then(send, send);
      moves.current = sent;
      return sent;
    },
    onError: (error) => toast({ title: 'Fejl ved opdatering', description: `Rækkefølgen blev ikke gemt. ${errorMessage(error)}`, variant: 'destructive' }),
    onSettled: () => {
      // Fetched again only after the last of several quick moves, so the list does not jump back.
      if (cache.queryClient.isMutating({ mutationKey: ['gallery-order', memorial.id] }) === 1) void cache.refresh();
    },
  });

  const moveButtons = useRef(new Map<string, Partial<Record<MoveStep, HTMLButtonElement>>>());
  const moveButtonRef = useCallback((id: string, step: MoveStep, button: HTMLButtonElement | null) => {
    const buttons = moveButtons.current.get(id) ?? {};
    if (button) buttons[step] = button;
    else delete buttons[step];
    moveButtons.current.set(id, buttons);
  }, []);
  // Moving a card re-inserts it in the list, which takes focus from its button: it is given back.
  const followFocus = useRef<{ id: string; step: MoveStep } | null>(null);
  useEffect(() => {
    const moved = followFocus.current;
    if (!moved) return;
    followFocus.current = null;
    // At the end of the row the button that was pressed is disabled, so its twin takes focus.
    const buttons = moveButtons.current.get(moved.id);
    const same = buttons?.[moved.step];
    const other = buttons?.[moved.step === 1 ? -1 : 1];
    (same && !same.disabled ? same : other)?.focus();
  }, [items]);

  const moveItem = (index: number, step: MoveStep) => {
    const target = index + step;
    if (target < 0 || target >= items.length) return;
    const placed = reorder(items, index, step);
    const changes = placed.filter((item) => items.find((before) => before.id === item.id)!.position !== item.position).map(({ id, position }) => ({ id, position }));
    // A fetch already under way would bring the old order back over the new one.
    void cache.queryClient.cancelQueries({ queryKey: ['memorial'] });
    cache.update((current) => ({ ...current, media: placed }));
    move.mutate(changes);
    followFocus.current = { id: items[index]!.id, step };
    announce(`${capital(itemRef(items[index]!, index))} er flyttet til plads ${target + 1} af ${items.length}.`);
  };

  // The target outlives the dialog's closing, so focus can still find the button that opened it.
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const galleryHeading = useRef<HTMLHeadingElement>(null);

  if (!memorial.viewer.canEdit) {
    return <Notice>Kun mindesidens ejer og de medadministratorer, ejeren har valgt, kan ændre billeder og film.</Notice>;
  }

  return (
    <div className="space-y-12">
      <div>
        <h3 className="text-xl">Tilføj billeder og film</h3>
        <div className="mt-4">
          <UploadPanel queue={queue} premium={memorial.premium} photos={items.filter((item) => item.kind === 'photo').length} />
        </div>
        <div className="mt-8">
          <YoutubeForm
            memorialId={memorial.id}
            premium={memorial.premium}
            onAdded={(item) => {
              cache.update((current) => withItem(current, item));
              void cache.refresh();
              announce('Filmen fra YouTube er tilføjet til galleriet.');
            }}
          />
        </div>
      </div>

      <div>
        <h3 ref={galleryHeading} tabIndex={-1} className="text-xl focus:outline-none">
          Galleriet
        </h3>
        {items.length ? (
          <>
            <p className="mt-2 text-muted-foreground">
              {items.length === 1 ? 'Ét billede eller én film' : `${items.length} billeder og film`} i den rækkefølge, besøgende ser dem. Flyt dem med knapperne
              Tidligere og Senere.
            </p>
            {/* Columns by the room the edit page gives the gallery, not by the screen: a card needs ≈ 270 px. */}
            <div className="@container mt-6">
            <ul className="grid grid-cols-1 gap-5 @xl:grid-cols-2 @4xl:grid-cols-3">
              {items.map((item, index) => (
                <MediaCard
                  key={item.id}
                  memorialId={memorial.id}
                  item={item}
                  index={index}
                  total={items.length}
                  isPortrait={memorial.portraitId === item.id}
                  isCover={memorial.coverId === item.id}
                  pictureBusy={picture.isPending}
                  onPicture={(role, chosen, at) => {
                    const current = role === 'portrait' ? memorial.portraitId : memorial.coverId;
                    picture.mutate({ role, id: current === chosen.id ? null : chosen.id, ref: itemRef(chosen, at) });
                  }}
                  onMove={moveItem}
                  onDelete={(doomed, at, opener) => {
                    setDeleting({ item: doomed, index: at, opener });
                    setDeleteOpen(true);
                  }}
                  moveButtonRef={moveButtonRef}
                />
              ))}
            </ul>
            </div>
          </>
        ) : (
          <div className="mt-4 flex items-start gap-4 rounded-xl border border-border bg-card px-5 py-6">
            <ImageIcon className="mt-1 size-6 shrink-0 text-gold" aria-hidden="true" />
            <p>
              Her er endnu ingen billeder. Begynd gerne med et enkelt billede, I holder af. Resten kan komme, når I er klar.
            </p>
          </div>
        )}
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <DeleteMediaDialog
        memorialId={memorial.id}
        memorialName={memorial.name}
        target={deleting}
        open={deleteOpen}
        isPortrait={deleting !== null && memorial.portraitId === deleting.item.id}
        isCover={deleting !== null && memorial.coverId === deleting.item.id}
        onClose={() => setDeleteOpen(false)}
        onDeleted={(doomed) => {
          setDeleteOpen(false);
          announce(`${capital(itemRef(doomed.item, doomed.index))} er slettet.`);
        }}
        focusAfterDelete={() => galleryHeading.current?.focus()}
      />
    </div>
  );
}
