/**
 * /setup/{token}: the link from an e-mail registration. The person sees whose account it is and
 * chooses username and password; the account is made, the code locked to it, and they go on to
 * set the code up. A used, expired or wrong link says so and offers the way forward.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { usePageTitle } from '@/client/lib/page-title';
import { type AccountSetup, accountSetupBody } from '@/shared/account-setup';
import type { LoginResponse } from '@/shared/auth';
import { formatCode } from '@/shared/qr-code';
import { passwordsMatch, repeatedPassword } from './repeated-password';
import { NEW_USERNAME_FIELD } from '@/client/lib/field-props';
import { invalidateAccount, storeSignedInUser } from '@/client/lib/use-user';

const setupForm = accountSetupBody.omit({ token: true }).extend(repeatedPassword).refine(...passwordsMatch);
type SetupFormInput = z.input<typeof setupForm>;
type SetupFormOutput = z.output<typeof setupForm>;

export default function SetupPage() {
  usePageTitle('Vælg brugernavn og adgangskode');
  const { token = '' } = useParams();
  const setup = useQuery({
    queryKey: ['/api/setup', token],
    queryFn: ({ signal }) => apiRequest<AccountSetup>('GET', `/api/setup/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

  if (!setup.data) {
    // A used or expired link (410) is as final as an unknown one: say which, and where to go.
    if (setup.error instanceof ApiError && (setup.error.status === 410 || setup.error.status === 400)) {
      return (
        <PageShell>
          <CardPage title="Linket kan ikke bruges">
            <Notice tone="problem">
              <p role="alert">{setup.error.message}</p>
            </Notice>
            <div className="mt-6 grid gap-3">
              <Button asChild size="lg" variant="secondary">
                <Link to="/login">Log ind</Link>
              </Button>
            </div>
          </CardPage>
        </PageShell>
      );
    }
    return (
      <PageShell>
        <QueryStatus query={setup} pending="Henter linket..." refusals={{ 404: { title: 'Linket kan ikke bruges', text: '', action: <Link to="/login">Log ind</Link> } }} failed="Linket kunne ikke åbnes" />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <CardPage title="Vælg brugernavn og adgangskode" lead={<SetupLead setup={setup.data} />}>
        <SetupForm token={token} setup={setup.data} />
      </CardPage>
    </PageShell>
  );
}

/** Whose account it is, and what it is for: a code to lock, or a reseller to run. */
function SetupLead({ setup }: { setup: AccountSetup }) {
  if (setup.companyName) {
    return (
      <p>
        Kontoen til {setup.fullName} ({setup.email}), som {setup.companyName} bruger som forhandler hos Mindested.
      </p>
    );
  }
  return (
    <p>
      Kontoen til {setup.fullName} ({setup.email}).{setup.qrCode ? ` Koden ${formatCode(setup.qrCode)} låses til den.` : ''}
    </p>
  );
}

function SetupForm({ token, setup }: { token: string; setup: AccountSetup }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SetupFormInput, unknown, SetupFormOutput>({ resolver: zodResolver(setupForm), defaultValues: { username: '', password: '', repeatPassword: '' } });
  const { errors } = form.formState;
  const finish = useMutation({
    mutationFn: ({ repeatPassword: _repeat, ...body }: SetupFormOutput) => apiRequest<LoginResponse>('POST', '/api/setup', { body: { ...body, token } }),
    onSuccess: (user) => {
      storeSignedInUser(queryClient, user);
      void invalidateAccount(queryClient);
      if (setup.qrCode) {
        toast({ title: 'Registrering succesfuldt', description: `Velkommen til Mindested, ${user.fullName}. Din QR-kode er nu tilknyttet din konto.` });
        void navigate(`/qr-scan/${setup.qrCode}`, { replace: true });
        return;
      }
      toast({ title: 'Registrering succesfuldt', description: `Velkommen til Mindested, ${user.fullName}. Jeres forhandleroverblik er klar.` });
      void navigate('/reseller-dashboard', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.duplicates?.includes('username')) {
        form.setError('username', { message: error.message }, { shouldFocus: true });
        return;
      }
      toast({ variant: 'destructive', title: 'Registrering fejlede', description: errorMessage(error) });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => finish.mutate(values))} className="space-y-6">
      <TextField {...NEW_USERNAME_FIELD} error={errors.username?.message} {...form.register('username')} />
      <TextField label="Adgangskode" hint="Mindst 6 tegn." type="password" autoComplete="new-password" revealable error={errors.password?.message} {...form.register('password')} />
      <TextField label="Gentag adgangskode" type="password" autoComplete="new-password" revealable error={errors.repeatPassword?.message} {...form.register('repeatPassword')} />
      <Button type="submit" size="lg" className="w-full" disabled={finish.isPending}>
        {finish.isPending ? 'Opretter konto...' : 'Opret konto'}
      </Button>
    </form>
  );
}
