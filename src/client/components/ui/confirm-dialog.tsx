/**
 * The question before a change that cannot simply be clicked back: removing someone's access,
 * leaving, handing the ownership on, closing an account in the back office. It names the person
 * and says what follows; "Annuller" comes first, and the dialog stays open (with the button saying
 * it is busy) until the server answers.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  variant?: ButtonVariant;
  /** Where focus goes when the dialog closes, if not back to the button that opened it (gone when its row is). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Fields the answer needs (a reason, a rate), under the explanation; Enter in one confirms. */
  fields?: ReactNode;
  /** The way out, when "Annuller" would read as the action itself (cancelling an order: "Behold ordren"). */
  dismissLabel?: string;
}

export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, pendingLabel, pending, onConfirm, variant = 'destructive', onCloseAutoFocus, fields, dismissLabel = 'Annuller' }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // A portal's events still bubble through React's tree: keep this one from a form the dialog sits in.
            event.stopPropagation();
            if (!pending) onConfirm();
          }}
        >
          {/* A long company or family name breaks rather than runs out of the dialog on a phone. */}
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="space-y-3 break-words">{children}</div>
          </DialogDescription>
          {fields ? <div className="mt-6 space-y-5">{fields}</div> : null}
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                {dismissLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={variant} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
