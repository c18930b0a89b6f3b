/**
 * Deleting a photo or film asks first, and says exactly which one: its place, its caption and the
 * picture itself, and whether the page loses its portrait or cover with it. Nothing can be undone
 * afterwards (the server removes the files), so the question is plain about that too.
 */
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { MediaItem } from '@/shared/media';
import { Picture } from '../../Picture';
import { useGalleryCache } from './gallery-cache';
import { itemName } from './item-words';

export interface DeleteTarget {
  item: MediaItem;
  index: number;
  opener: HTMLButtonElement;
}

interface DeleteMediaDialogProps {
  memorialId: string;
  memorialName: string;
  /** The item asked about; kept after closing, so the closing dialog still shows it. */
  target: DeleteTarget | null;
  open: boolean;
  isPortrait: boolean;
  isCover: boolean;
  onClose: () => void;
  /** After the item is gone. */
  onDeleted: (target: DeleteTarget) => void;
  /** Where focus goes once the dialog of a deleted item has closed: its card is gone. */
  focusAfterDelete: () => void;
}

export function DeleteMediaDialog({ memorialId, memorialName, target, open, isPortrait, isCover, onClose, onDeleted, focusAfterDelete }: DeleteMediaDialogProps) {
  const deleted = useRef(false);
  const cache = useGalleryCache(memorialId);
  const remove = useMutation({
    mutationFn: (doomed: DeleteTarget) => apiRequest<null>('DELETE', `/api/memorials/${encodeURIComponent(memorialId)}/media/${doomed.item.id}`),
    onSuccess: (_nothing, doomed) => {
      cache.update((memorial) => ({
        ...memorial,
        media: memorial.media.filter((item) => item.id !== doomed.item.id),
        portraitId: memorial.portraitId === doomed.item.id ? null : memorial.portraitId,
        coverId: memorial.coverId === doomed.item.id ? null : memorial.coverId,
      }));
      void cache.refresh();
      deleted.current = true;
      onDeleted(doomed);
    },
    onError: (error) => toast({ title: 'Fejl ved sletning', description: errorMessage(error), variant: 'destructive' }),
  });

  const item = target?.item;
  const name = target ? itemName(target.item, target.index) : '';
  const what = item?.kind === 'photo' ? 'billedet' : 'filmen';
  const also = [isPortrait && 'portræt', isCover && 'forsidebillede'].filter(Boolean).join(' og ');

  return (
    <Dialog
      open={open && target !== null}
      onOpenChange={(next) => {
        if (!next && !remove.isPending) {
          remove.reset();
          onClose();
        }
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Cancelled: back to the button that asked. Deleted: that button is gone with its card.
          event.preventDefault();
          if (deleted.current) focusAfterDelete();
          else if (target?.opener.isConnected) target.opener.focus();
          deleted.current = false;
        }}
      >
        {target && item ? (
          <>
            <DialogTitle>Slet {what}?</DialogTitle>
            <DialogDescription>
              Du er ved at slette {name} fra mindesiden for {memorialName}. Det kan ikke fortrydes.
              {also ? ` Billedet bruges som sidens ${also}. Vælg gerne et andet bagefter.` : ''}
            </DialogDescription>
            {item.kind === 'photo' ? (
              <div className="mt-5 overflow-hidden rounded-lg border border-border bg-muted">
                <Picture item={item} sizes="(min-width: 640px) 420px, 90vw" alt={item.caption || 'Billedet der slettes'} className="max-h-56 w-full object-contain" />
              </div>
            ) : null}
            <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Annuller
                </Button>
              </DialogClose>
              <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(target)}>
                {remove.isPending ? 'Sletter...' : `Slet ${what}`}
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
