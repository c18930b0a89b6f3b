/**
 * A button that opens a dialog with an embedded YouTube video (SPEC.md §2 "Other shared UI").
 *
 * Only the button is in the page's first load: the dialog (Radix) and the player are fetched when
 * the person first points at or presses the button, so the landing page stays inside its budget.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Play } from 'lucide-react';
import { Button, type ButtonVariant } from '@/client/components/ui/button';

const loadContent = () => import('./VideoDialogContent');
const VideoDialogContent = lazy(loadContent);

export interface VideoDialogProps {
  videoUrl: string;
  title: string;
  description?: string;
  triggerText?: string;
  triggerVariant?: ButtonVariant;
  triggerClassName?: string;
}

export function VideoDialog({ videoUrl, title, description, triggerText = 'Se video', triggerVariant = 'secondary', triggerClassName }: VideoDialogProps) {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it can animate and reopening is instant.
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadContent().catch(() => {});

  return (
    <>
      <Button
        ref={trigger}
        size="lg"
        variant={triggerVariant}
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Play aria-hidden="true" />
        {triggerText}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <VideoDialogContent
            open={open}
            onOpenChange={setOpen}
            videoUrl={videoUrl}
            title={title}
            description={description}
            returnFocusTo={trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}
