/**
 * The toasts from lib/toast.ts with Radix Toast: announced, swipeable, closable by keyboard (F8 moves
 * focus to them). Loaded by toaster.tsx when the first toast is shown.
 */
import { Toast } from 'radix-ui';
import { CircleCheck, CircleExclamationPoint, Info, X } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { dismissToast, useToasts } from '@/client/lib/toast';

const DEFAULT_DURATION_MS = 6000;

export default function ToastStack() {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right" label="Besked">
      {toasts.map((item) => {
        const destructive = item.variant === 'destructive';
        const Icon = destructive ? CircleExclamationPoint : item.variant === 'info' ? Info : CircleCheck;
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            duration={item.duration ?? DEFAULT_DURATION_MS}
            type="foreground"
            data-variant={item.variant ?? 'default'}
            className={cn(
              // Compact on a phone (a short strip at the top, not a third of the screen); roomier from 640 px.
              'group pointer-events-auto relative flex w-full items-start gap-2.5 rounded-lg border py-2.5 pr-12 pl-3 shadow-lg sm:gap-3 sm:rounded-xl sm:py-4 sm:pr-14 sm:pl-4 sm:shadow-xl',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-fade-out',
              destructive ? 'border-destructive/40 bg-destructive-soft text-foreground' : 'border-border bg-card text-card-foreground',
            )}
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0 sm:size-6', destructive ? 'text-destructive' : 'text-gold')} aria-hidden="true" />
            <div className="min-w-0 space-y-0.5 sm:space-y-1">
              <Toast.Title className="font-semibold text-base leading-snug">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="text-sm leading-snug text-muted-foreground dark:text-foreground/80">{item.description}</Toast.Description>
              ) : null}
              {item.action ? (
                <Toast.Action altText={item.action.altText} asChild>
                  <button
                    type="button"
                    onClick={item.action.onClick}
                    className="mt-1.5 inline-flex min-h-11 cursor-pointer items-center rounded-md border border-input/70 bg-card px-4 text-base font-semibold hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring"
                  >
                    {item.action.label}
                  </button>
                </Toast.Action>
              ) : null}
            </div>
            <Toast.Close
              aria-label="Luk besked"
              className="absolute top-0 right-0 inline-flex size-11 sm:top-2 sm:right-2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport label="Beskeder ({hotkey})" className="fixed top-0 right-0 left-0 z-[100] m-0 flex list-none flex-col gap-2 p-2 outline-none sm:top-auto sm:bottom-0 sm:left-auto sm:w-[26rem] sm:p-6" />
    </Toast.Provider>
  );
}
