/**
 * "Invitér en medadministrator": the owner invites someone by e-mail, whether or not they have an
 * account yet, and sees the invitations nobody has taken yet, each of which can be withdrawn. The
 * link in the mail lets the person accept or make an account (/invitation/{token}). Only the owner
 * sees this part; the server refuses everyone else anyway.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailX } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { EMAIL_INPUT } from '@/client/lib/field-props';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { type Invitation, type InvitationBody, type InvitationInput, invitationBody } from '@/shared/invitations-api';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { useInvitationChanges, useInvitations } from './use-invitations';

const danishDate = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });

export function InvitationsPart({ memorialId }: { memorialId: string }) {
  const invitations = useInvitations(memorialId, { enabled: true });
  const { invite, withdraw } = useInvitationChanges(memorialId);
  const [asked, setAsked] = useState<Invitation | null>(null);
  const [open, setOpen] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);

  const form = useForm<InvitationInput, unknown, InvitationBody>({ resolver: zodResolver(invitationBody), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const submit = (values: InvitationBody) =>
    invite.mutate(values, {
      onSuccess: (invitation) => {
        toast({ title: 'Invitationen er sendt', description: `Vi har sendt en e-mail til ${invitation.email}. Linket i den virker i 7 dage.` });
        form.reset({ email: '' });
      },
      onError: (error) => {
        // "Already has access" and a bad address belong at the field, where they can be corrected.
        if (error instanceof ApiError && (error.field === 'email' || error.status === 400)) {
          form.setError('email', { message: error.message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: 'Invitationen blev ikke sendt', description: errorMessage(error) });
      },
    });

  const confirmWithdraw = () => {
    if (!asked) return;
    withdraw.mutate(asked.id, {
      onSuccess: () => {
        answered.current = true;
        setOpen(false);
        toast({ title: 'Invitationen er trukket tilbage', description: `Linket, vi sendte til ${asked.email}, virker ikke længere.` });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Invitationen blev ikke trukket tilbage', description: errorMessage(error) }),
    });
  };

  return (
    <div className="space-y-10">
      <div>
        <h3 className="text-xl font-semibold sm:text-2xl">Invitér en medadministrator</h3>
        <p className="mt-2 mb-6 text-muted-foreground">
          Vi sender en e-mail med et link. Har personen ingen konto hos Mindested, kan den oprettes via linket.
        </p>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-6">
          <TextField
            label="E-mailadresse"
            {...EMAIL_INPUT}
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" size="lg" disabled={invite.isPending} className="w-full sm:w-auto">
            {invite.isPending ? 'Sender invitation...' : 'Send invitation'}
          </Button>
        </form>
      </div>

      <div>
        <h3 ref={listHeading} tabIndex={-1} className="text-xl font-semibold focus:outline-none sm:text-2xl">
          Invitationer, der venter
        </h3>
        {invitations.isPending || invitations.isError ? (
          <QueryStatus compact query={invitations} pending="Henter invitationerne..." failed="Invitationerne kunne ikke hentes" className="mt-4" />
        ) : invitations.data.length === 0 ? (
          <p className="mt-4 text-muted-foreground">Ingen invitationer venter på svar.</p>
        ) : (
          <ul aria-label="Invitationer, der venter" className="mt-4 divide-y divide-border border-y border-border">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
                <div className="min-w-0">
                  <p className="text-lg font-semibold break-words">{invitation.email}</p>
                  <p className="text-sm text-muted-foreground">
                    Sendt {danishDate.format(new Date(invitation.createdAt))} · linket virker til og med {danishDate.format(new Date(invitation.expiresAt))}
                  </p>
                </div>
                <Button
                  variant="quiet"
                  size="sm"
                  className="self-start text-destructive hover:bg-destructive-soft sm:self-center"
                  onClick={() => {
                    setAsked(invitation);
                    setOpen(true);
                  }}
                >
                  <MailX aria-hidden="true" />
                  Træk tilbage<span className="sr-only"> invitationen til {invitation.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Træk invitationen tilbage?"
        confirmLabel="Træk tilbage"
        pendingLabel="Trækker tilbage..."
        pending={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCloseAutoFocus={(event) => {
          // The row with the button that opened the dialog is gone: focus goes to the list's heading.
          if (!answered.current) return;
          answered.current = false;
          event.preventDefault();
          listHeading.current?.focus();
        }}
      >
        <p>Linket, vi sendte til {asked?.email}, holder op med at virke. Du kan altid sende en ny invitation.</p>
      </ConfirmDialog>
    </div>
  );
}
