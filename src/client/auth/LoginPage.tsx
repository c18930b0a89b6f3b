/**
 * Logging in (SPEC.md §2 "Login page"). Two variants of one page:
 * - /login: the ordinary login, inside the site's header and footer;
 * - /qr-scan/{code}/login: reached from a scanned stone, dark, to activate the QR code with an
 *   existing account.
 * A QR code (route, prop or ?qrCode=) is sent along and locked to the account by the server.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, QrCode } from 'lucide-react';
import type { z } from 'zod';
import { loginBody, type LoginResponse } from '@/shared/auth';
import { formatCode, normalizeCode } from '@/shared/qr-code';
import { Button } from '@/client/components/ui/button';
import { Card, CardBody } from '@/client/components/ui/card';
import { Ornament } from '@/client/components/ui/ornament';
import { TextField } from '@/client/components/ui/text-field';
import { CardPage } from '@/client/components/layout/CardPage';
import { Logo } from '@/client/components/layout/Logo';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { apiRequest, errorMessage, timestamp } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { ForgotPasswordDialog, LoginLinkDialog } from './ForgotPasswordDialog';
import { LegalLinks } from './LegalLinks';
import { safeRedirect } from './safe-redirect';
import { invalidateAccount, storeSignedInUser, useUser } from '@/client/lib/use-user';
import { ACCOUNT_NAME_INPUT } from '@/client/lib/field-props';

const loginForm = loginBody.pick({ username: true, password: true });
type LoginFormInput = z.input<typeof loginForm>;
type LoginFormOutput = z.output<typeof loginForm>;

export default function LoginPage({ qrCode: qrCodeProp }: { qrCode?: string }) {
  const { code: codeParam } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useUser();

  const qrVariant = codeParam !== undefined;
  const qrCode = qrCodeProp ?? codeParam ?? searchParams.get('qrCode') ?? undefined;
  const normalizedCode = qrCode ? normalizeCode(qrCode) : null;
  const qrPath = qrCode ? `/qr-scan/${encodeURIComponent(normalizedCode ?? qrCode)}` : null;
  usePageTitle(qrVariant ? 'Log ind og aktivér din QR-kode' : 'Log ind');

  const login = useMutation({
    mutationFn: (values: LoginFormOutput) =>
      apiRequest<LoginResponse>('POST', '/api/login', { params: timestamp(), body: { ...values, ...(qrCode ? { qrCode } : {}) } }),
    onSuccess: async (response) => {
      storeSignedInUser(queryClient, response);
      void invalidateAccount(queryClient);
      if (response.qrCodeLinked) {
        toast({ title: 'QR-kode tilknyttet', description: 'Din QR-kode er nu tilknyttet din konto og klar til brug.' });
      } else {
        toast({ title: 'Login succesfuldt', description: `Velkommen tilbage, ${response.fullName}!` });
      }
      // With a QR code the person goes on with that code, not to ?redirect= or the profile.
      navigate(qrPath ?? safeRedirect(searchParams.get('redirect')), { replace: true });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Login fejlede', description: errorMessage(error) }),
  });

  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  if (user && !qrCode && login.isIdle) return <Navigate to="/profile" replace />;

  const formBody = (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-6">
      <TextField label="Brugernavn eller email" {...ACCOUNT_NAME_INPUT} error={errors.username?.message} {...form.register('username')} />
      <div className="space-y-1">
        <TextField
          label="Adgangskode"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex flex-wrap justify-end gap-x-5">
          <LoginLinkDialog dark={qrVariant} />
          <ForgotPasswordDialog dark={qrVariant} />
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Logger ind...' : 'Log ind'}
      </Button>
    </form>
  );

  const codeNotice = normalizedCode ? (
    <p className="mb-8 flex items-center justify-center gap-3 rounded-lg border border-gold/40 bg-gold-soft/50 px-4 py-3 text-center text-base">
      <QrCode className="size-5 shrink-0 text-gold" aria-hidden="true" />
      <span>
        QR-kode <span className="code-text">{formatCode(normalizedCode)}</span>
      </span>
    </p>
  ) : null;

  if (qrVariant) {
    return (
      <div className="dark flex min-h-dvh flex-col bg-background bg-[radial-gradient(ellipse_80%_50%_at_50%_-10%,rgba(224,180,102,0.14),transparent_70%)] text-foreground">
        <header className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <Logo />
          <Button asChild variant="secondary" size="sm">
            <Link to={qrPath ?? '/'}>
              <ArrowLeft aria-hidden="true" />
              Tilbage til QR-kode
            </Link>
          </Button>
        </header>
        <main id="indhold" tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:py-14">
          <div className="mx-auto max-w-xl">
            <Card>
              <CardBody>
                <Ornament className="mb-5" />
                <h1 className="text-center text-3xl sm:text-4xl">Log ind med eksisterende konto</h1>
                <p className="mt-3 text-center text-lg text-muted-foreground">For at aktivere din QR-kode</p>
                <div className="mt-8">
                  {codeNotice}
                  {formBody}
                </div>
              </CardBody>
            </Card>
          </div>
        </main>
        <footer className="px-4 py-6">
          <LegalLinks />
        </footer>
      </div>
    );
  }

  return (
    <PageShell>
      <CardPage
        title="Log ind på din konto"
        lead={<p>Velkommen tilbage. Log ind med dit brugernavn eller din e-mail.</p>}
        after={
          <div className="space-y-6">
            <p className="text-base text-muted-foreground">
              Har du ikke en konto endnu?{' '}
              <Link to="/qr-info" className="font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text">
                Opret konto
              </Link>
            </p>
            <LegalLinks />
          </div>
        }
      >
        {codeNotice}
        {formBody}
      </CardPage>
    </PageShell>
  );
}
