import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { TextField } from '@/client/components/ui/text-field';
import { cn } from '@/client/lib/cn';
import { EMAIL_FIELD } from '@/client/lib/field-props';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';

/**
 * "Glemt adgangskode?": asks for the e-mail address and has a reset link sent (POST
 * /api/password-reset). The server answers the same whether or not the address has an account.
 */
export function ForgotPasswordDialog({ dark }: { dark?: boolean }) {
  return (
    <EmailLinkDialog
      dark={dark}
      trigger="Glemt adgangskode?"
      title="Glemt adgangskode?"
      description="Skriv den e-mailadresse, du bruger til din konto. Så sender vi dig et link, hvor du kan vælge en ny adgangskode."
      endpoint="/api/password-reset"
    />
  );
}

/**
 * "Send mig et login-link": a one-time link that signs in without the password (POST
 * /api/login-link), for the person who would rather not type it or has forgotten it. The same
 * answer for every address, as for the reset.
 */
export function LoginLinkDialog({ dark, trigger = 'Send mig et login-link' }: { dark?: boolean; trigger?: string }) {
  return (
    <EmailLinkDialog
      dark={dark}
      trigger={trigger}
      title="Log ind med et link"
      description="Skriv den e-mailadresse, du bruger til din konto. Så sender vi dig et link, der logger dig ind uden adgangskode. Det virker i en time."
      endpoint="/api/login-link"
    />
  );
}

interface EmailLinkDialogProps {
  dark?: boolean;
  trigger: string;
  title: string;
  description: string;
  endpoint: '/api/password-reset' | '/api/login-link';
}

/** A dialog that asks for an e-mail address and has a link sent to it: "Annuller" and "Send link" ("Sender..." while pending). */
function EmailLinkDialog({ dark, trigger, title, description, endpoint }: EmailLinkDialogProps) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: (address: string) => apiRequest<{ message: string }>('POST', endpoint, { body: { email: address } }),
    onSuccess: (response) => {
      toast({ title: 'Anmodning sendt', description: response?.message, duration: 10_000 });
      setOpen(false);
      setEmail('');
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl', description: errorMessage(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || request.isPending) return;
    request.mutate(email.trim());
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-1 text-base font-medium text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text focus-visible:outline-3 focus-visible:outline-ring">
        {trigger}
      </DialogTrigger>
      <DialogContent className={cn(dark && 'dark')}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-6">
          <TextField
            {...EMAIL_FIELD}
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Annuller</Button>
            </DialogClose>
            <Button type="submit" disabled={email.trim() === '' || request.isPending}>
              {request.isPending ? 'Sender...' : 'Send link'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
