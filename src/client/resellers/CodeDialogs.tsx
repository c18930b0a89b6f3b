/**
 * Giving a code to a family, and taking it back. Giving asks for the family's name and, if they
 * have one, an e-mail address: with it the family is e-mailed a link to make their account with
 * the code; without it the reseller prints a letter for them. Taking it back is asked first, since
 * a setup link the family was e-mailed stops working.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formatCode } from '@/shared/qr-code';
import { handoverBody, type ResellerCode } from '@/shared/resellers-api';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { EMAIL_INPUT } from '@/client/lib/field-props';
import { ApiError, errorMessage } from '@/client/lib/request';
import { useHandover, useUndoHandover } from './use-dashboard';

type HandoverInput = z.input<typeof handoverBody>;
type HandoverOutput = z.output<typeof handoverBody>;

interface CodeDialogProps {
  code: ResellerCode;
  onClose: () => void;
  /** Where focus goes when the dialog has closed: the button that opened it may be gone with its state. */
  onCloseAutoFocus: (event: Event) => void;
}

export function HandoverDialog({ code, onClose, onCloseAutoFocus }: CodeDialogProps) {
  const handover = useHandover(code.code);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<HandoverInput, unknown, HandoverOutput>({ resolver: zodResolver(handoverBody), defaultValues: { familyName: '', email: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    handover.mutate(values, {
      onSuccess: onClose,
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        if (field === 'familyName' || field === 'email') form.setError(field, { message: error.message }, { shouldFocus: true });
        else setProblem(errorMessage(error));
      },
    });
  });

  return (
    <Dialog open onOpenChange={(open) => (!open && !handover.isPending ? onClose() : undefined)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Giv koden til en familie</DialogTitle>
        <DialogDescription>
          Koden <span className="code-text font-semibold text-foreground">{formatCode(code.code)}</span> reserveres til familien. Med en e-mailadresse får
          de et link, hvor de opretter deres konto med koden.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="mt-6 space-y-5">
          <TextField label="Familiens navn" autoComplete="off" hint="Fx den, der har bestilt stenen." error={errors.familyName?.message} {...form.register('familyName')} />
          <TextField
            label="E-mail (valgfri)"
            {...EMAIL_INPUT}
            autoComplete="off"
            hint="Uden e-mail kan I printe et brev til familien."
            error={errors.email?.message}
            {...form.register('email')}
          />
          {problem ? (
            <Notice tone="problem">
              <p role="alert">{problem}</p>
            </Notice>
          ) : null}
          <div className="flex flex-col-reverse gap-3 pt-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={handover.isPending}>
                Annuller
              </Button>
            </DialogClose>
            <Button type="submit" disabled={handover.isPending}>
              {handover.isPending ? 'Giver koden...' : 'Giv koden'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function UndoDialog({ code, onClose, onCloseAutoFocus }: CodeDialogProps) {
  const undo = useUndoHandover(code.code);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Fortryd overdragelsen?"
      confirmLabel="Ja, fortryd"
      pendingLabel="Fortryder..."
      pending={undo.isPending}
      onConfirm={() => undo.mutate(undefined, { onSettled: onClose })}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <p>
        Koden <span className="code-text font-semibold text-foreground">{formatCode(code.code)}</span> er givet til {code.handover?.familyName ?? 'en familie'}.
      </p>
      <p>Fortryder I, står koden igen som modtaget hos jer og kan gives til en anden familie. Et link til at oprette en konto, som vi har sendt familien, holder op med at virke.</p>
    </ConfirmDialog>
  );
}
