/**
 * The contact form. The rules are contactBody's from src/shared/contact.ts, the same the server
 * checks, so a person sees the server's own words at the field before anything is sent.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { CONTACT_MESSAGE_MAX, type ContactKind, contactBody } from '@/shared/contact';
import { Button } from '@/client/components/ui/button';
import { HoneypotField } from '@/client/components/ui/honeypot-field';
import { TextField } from '@/client/components/ui/text-field';
import { EMAIL_FIELD } from '@/client/lib/field-props';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { TextAreaField } from '@/client/components/ui/text-area-field';

type ContactFormInput = z.input<typeof contactBody>;
type ContactFormOutput = z.output<typeof contactBody>;
const fields = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof fields)[number];
const isField = (value: string | undefined): value is Field => fields.includes(value as Field);

/**
 * `subject`: filled in from the page that sent the person here (/contact?emne=…), and theirs to
 * change. `kind`: a data request when they came from /gdpr-data-request.
 */
export function ContactForm({ onSent, subject = '', kind = 'message' }: { onSent: (message: string) => void; subject?: string; kind?: ContactKind }) {
  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactBody),
    // `kind` has no field: the page the person came from decides it.
    defaultValues: { name: '', email: '', subject, message: '', kind, website: '' },
  });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: (body: ContactFormOutput) => apiRequest<{ message: string }>('POST', '/api/contact', { body }),
    onSuccess: (response) => onSent(response.message),
    onError: (error) => {
      // A refused field is shown where it can be corrected; anything else (too many messages, no
      // connection) is not about a field, so it comes as a toast and the text stays in the form.
      if (error instanceof ApiError && error.status === 400 && isField(error.field)) {
        form.setError(error.field, { message: error.message }, { shouldFocus: true });
        return;
      }
      toast({ variant: 'destructive', title: 'Beskeden blev ikke sendt', description: errorMessage(error) });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="space-y-6">
      <TextField label="Navn" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextField {...EMAIL_FIELD} hint="Vi svarer hertil og sender dig en kvittering." error={errors.email?.message} {...form.register('email')} />
      <TextField label="Emne (valgfrit)" error={errors.subject?.message} {...form.register('subject')} />
      <TextAreaField label="Besked" maxLength={CONTACT_MESSAGE_MAX} error={errors.message?.message} {...form.register('message')} />

      <HoneypotField id="contact-website" {...form.register('website')} />

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? 'Sender...' : 'Send besked'}
      </Button>
    </form>
  );
}
