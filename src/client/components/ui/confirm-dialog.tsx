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
}

export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, pendingLabel, pending, onConfirm, variant = 'destructive', onCloseAutoFocus }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="space-y-3">{children}</div>
        </DialogDescription>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              Annuller
            </Button>
          </DialogClose>
          <Button variant={variant} onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
