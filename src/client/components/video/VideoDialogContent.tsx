/** The video dialog itself, loaded on demand by VideoDialog.tsx. */
import type { RefObject } from 'react';
import { VideoOff } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { videoEmbed } from '@/shared/youtube';

interface VideoDialogContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string;
  title: string;
  description?: string;
  /** The button that opened it: Radix only returns focus to its own Trigger, which we do not use. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export default function VideoDialogContent({ open, onOpenChange, videoUrl, title, description, returnFocusTo }: VideoDialogContentProps) {
  const embed = videoEmbed(videoUrl);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl"
        // Focus the dialog itself, not its first tabbable element: that is the player, and a key
        // pressed inside YouTube's frame never reaches this page, so Escape would not close it.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        <div className="mt-6">
          {embed ? (
            <div className="aspect-video w-full overflow-hidden rounded-lg bg-[#14120f]">
              {/* Only while open: closing the dialog removes the frame, and with it the sound. */}
              {open ? (
                <iframe
                  src={embed.src}
                  title={title}
                  allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  className="size-full border-0"
                />
              ) : null}
            </div>
          ) : (
            <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-border bg-muted px-6 py-10 text-center">
              <VideoOff className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-semibold">Video kunne ikke indlæses</p>
              <p className="max-w-sm text-muted-foreground">
                Linket til videoen ser ikke ud til at virke. Skriv til os, så retter vi det.
              </p>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
