/**
 * /qr-email-register?qrCode=…: for a family who would rather not choose a username and password
 * at the grave. Name and e-mail now; a link by e-mail (/setup/{token}) for the rest. The code must
 * be one that can still be taken in use; the server says so if not.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { EMAIL_FIELD } from '@/client/lib/field-props';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { usePageTitle } from '@/client/lib/page-title';
import { qrEmailRegisterBody } from '@/shared/account-setup';
import { formatCode, parseCode } from '@/shared/qr-code';

type FormInput = z.input<typeof qrEmailRegisterBody>;
type FormOutput = z.output<typeof qrEmailRegisterBody>;

export default function QrEmailRegisterPage() {
  usePageTitle('Tilmeld med e-mail');
  const [search] = useSearchParams();
  const code = parseCode(search.get('qrCode') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(qrEmailRegisterBody), defaultValues: { fullName: '', email: '', qrCode: code ?? '', website: '' } });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (body: FormOutput) => apiRequest<{ message: string }>('POST', '/api/qr-email-register', { body }),
    onSuccess: (_, body) => setSentTo(body.email),
    onError: (error) => toast({ variant: 'destructive', title: 'Registrering fejlede', description: errorMessage(error) }),
  });

  if (!code) {
    return (
      <PageShell>
        <CardPage title="Tilmeld med e-mail" lead={<p>Tilmelding sker med den QR-kode, I har fået fra bedemanden eller stenhuggeren.</p>}>
          <Notice title="Vi mangler QR-koden">
            <p>Scan koden med telefonens kamera, eller skriv den selv.</p>
          </Notice>
          <Button asChild size="lg" className="mt-6 w-full">
            <Link to="/qr-info">Skriv koden selv</Link>
          </Button>
        </CardPage>
      </PageShell>
    );
  }

  return (
    <PageShell>
      {sentTo ? (
        <CardPage title="Tjek din e-mail" lead={<p>Vi har sendt et link til {sentTo}. Åbn det, og vælg brugernavn og adgangskode. Så er koden {formatCode(code)} låst til din konto.</p>}>
          <div className="flex flex-col items-center gap-4 text-center">
            <MailCheck className="size-12 text-gold-text" aria-hidden="true" />
            <p role="status">Linket virker i 7 dage. Kan du ikke finde e-mailen, så kig i mappen med uønsket post.</p>
          </div>
        </CardPage>
      ) : (
        <CardPage title="Tilmeld med e-mail" lead={<p>Skriv dit navn og din e-mail, så sender vi et link, hvor du vælger brugernavn og adgangskode. Koden {formatCode(code)} låses til din konto.</p>}>
          <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="space-y-6">
            <TextField label="Fulde navn" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
            <TextField {...EMAIL_FIELD} error={errors.email?.message} {...form.register('email')} />
            {/* For robots only: people never see it, and anything written in it sends nothing. */}
            <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
              <label>
                Hjemmeside
                <input tabIndex={-1} autoComplete="off" {...form.register('website')} />
              </label>
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
              {send.isPending ? 'Sender...' : 'Send mig linket'}
            </Button>
          </form>
        </CardPage>
      )}
    </PageShell>
  );
}
