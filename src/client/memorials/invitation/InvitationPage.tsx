/**
 * /invitation/{token}: the link in an owner's invitation to become co-admin. The person sees who
 * invited them and to which memorial; signed in, they accept with one press; otherwise they log in
 * (and come back here) or make an account for the invited address. A used, expired or withdrawn
 * link says so, and what to do instead (PRODUCT.md "Links sent by e-mail").
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { passwordsMatch, repeatedPassword } from '@/client/auth/repeated-password';
import { NEW_USERNAME_FIELD } from '@/client/lib/field-props';
import { invalidateAccount, storeSignedInUser, useUser } from '@/client/lib/use-user';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { usePageTitle } from '@/client/lib/page-title';
import type { LoginResponse } from '@/shared/auth';
import { type InvitationAccepted, type InvitationView, invitationRegisterBody } from '@/shared/invitations-api';

const registerForm = invitationRegisterBody.extend(repeatedPassword).refine(...passwordsMatch);
type RegisterFormInput = z.input<typeof registerForm>;
type RegisterFormOutput = z.output<typeof registerForm>;

const viewKey = (token: string) => ['/api/invitations', token] as const;

export default function InvitationPage() {
  usePageTitle('Invitation til en mindeside');
  const { token = '' } = useParams();
  const { user, isLoading: userLoading } = useUser();
  const invitation = useQuery({
    queryKey: viewKey(token),
    queryFn: ({ signal }) => apiRequest<InvitationView>('GET', `/api/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

  if (!invitation.data || userLoading) {
    return (
      <PageShell>
        <QueryStatus
          query={userLoading && invitation.data ? { ...invitation, isPending: true } : invitation}
          pending="Henter invitationen..."
          refusals={{
            404: {
              title: 'Linket kan ikke bruges',
              text: invitation.error instanceof ApiError ? invitation.error.message : '',
              action: <Link to="/">Til forsiden</Link>,
            },
          }}
          failed="Invitationen kunne ikke hentes"
        />
      </PageShell>
    );
  }

  const view = invitation.data;
  if (view.state !== 'valid') {
    return (
      <PageShell>
        <CardPage title="Invitationen kan ikke bruges" lead={<p>Mindesiden for {view.memorialName}</p>}>
          <Notice tone="problem">
            <p role="alert">{view.message}</p>
          </Notice>
          <div className="mt-6 grid gap-3">
            <Button asChild size="lg" variant="secondary">
              {user ? <Link to="/profile">Gå til din profil</Link> : <Link to="/login">Log ind</Link>}
            </Button>
          </div>
        </CardPage>
      </PageShell>
    );
  }

  return (
    <PageShell>
      <CardPage
        title="Du er inviteret"
        lead={
          <p>
            {view.inviterName ?? 'Ejeren af mindesiden'} har inviteret dig til at hjælpe med mindesiden for{' '}
            <strong className="font-semibold text-foreground">{view.memorialName}</strong>.
          </p>
        }
      >
        <p className="text-muted-foreground">
          Som medadministrator kan du rette i mindesiden, lægge billeder ind og godkende de hilsner og lys, som besøgende efterlader.
        </p>
        <div className="mt-8">
          {user ? (
            <AcceptPart token={token} fullName={user.fullName} userEmail={user.email} invitedEmail={view.email} />
          ) : view.accountExists ? (
            <LoginPart token={token} email={view.email} />
          ) : (
            <RegisterPart token={token} email={view.email} />
          )}
        </div>
      </CardPage>
    </PageShell>
  );
}

const loginPath = (token: string) => `/login?redirect=${encodeURIComponent(`/invitation/${token}`)}`;

/** After accepting, whichever way: the memorial's page, now with the co-admin's tools. */
function useWelcome(token: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (accepted: InvitationAccepted) => {
    void queryClient.invalidateQueries({ queryKey: ['memorial'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/user/memorials'] });
    queryClient.removeQueries({ queryKey: viewKey(token) });
    toast({ title: 'Du er nu medadministrator', description: `Du kan nu hjælpe med mindesiden for ${accepted.memorialName}.` });
    void navigate(`/memorial/${accepted.slug}`, { replace: true });
  };
}

function AcceptPart({ token, fullName, userEmail, invitedEmail }: { token: string; fullName: string; userEmail: string; invitedEmail: string }) {
  const welcome = useWelcome(token);
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => apiRequest<InvitationAccepted>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: welcome,
    onError: (error) => {
      // The link was spent or withdrawn meanwhile: show the page's own explanation.
      if (error instanceof ApiError && error.status === 410) void queryClient.invalidateQueries({ queryKey: viewKey(token) });
      toast({ variant: 'destructive', title: 'Invitationen blev ikke taget imod', description: errorMessage(error) });
    },
  });
  return (
    <div className="space-y-6">
      <p>
        Du er logget ind som <strong className="font-semibold">{fullName}</strong>.
        {userEmail !== invitedEmail ? ` Invitationen blev sendt til ${invitedEmail}, men du kan tage imod den med den konto, du er logget ind med.` : null}
      </p>
      <Button size="lg" className="w-full" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? 'Tager imod...' : 'Tag imod'}
      </Button>
    </div>
  );
}

function LoginPart({ token, email }: { token: string; email: string }) {
  return (
    <div className="space-y-6">
      <p>
        Der findes allerede en konto med {email}. Log ind, så kommer du tilbage hertil og kan tage imod invitationen.
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={loginPath(token)}>Log ind</Link>
      </Button>
    </div>
  );
}

function RegisterPart({ token, email }: { token: string; email: string }) {
  const welcome = useWelcome(token);
  const queryClient = useQueryClient();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerForm),
    defaultValues: { fullName: '', username: '', password: '', repeatPassword: '' },
  });
  const { errors } = form.formState;
  const register = useMutation({
    mutationFn: ({ repeatPassword: _repeat, ...body }: RegisterFormOutput) =>
      apiRequest<InvitationAccepted & { user: LoginResponse }>('POST', `/api/invitations/${encodeURIComponent(token)}/register`, { body }),
    onSuccess: (answer) => {
      storeSignedInUser(queryClient, answer.user);
      void invalidateAccount(queryClient);
      welcome(answer);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.duplicates?.includes('username')) {
        form.setError('username', { message: error.message }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.status === 410) void queryClient.invalidateQueries({ queryKey: viewKey(token) });
      toast({ variant: 'destructive', title: 'Kontoen blev ikke oprettet', description: errorMessage(error) });
    },
  });

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-xl font-semibold sm:text-2xl">Opret en konto</h2>
        <p className="mt-2 text-muted-foreground">Du skal have en konto hos Mindested for at hjælpe med mindesiden.</p>
      </div>
      <form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))} className="space-y-6">
        <TextField label="E-mail" hint="Invitationen blev sendt hertil, og kontoen får denne adresse." value={email} readOnly />
        <TextField label="Fulde navn" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <TextField {...NEW_USERNAME_FIELD} error={errors.username?.message} {...form.register('username')} />
        <TextField label="Adgangskode" hint="Mindst 6 tegn." type="password" autoComplete="new-password" revealable error={errors.password?.message} {...form.register('password')} />
        <TextField label="Gentag adgangskode" type="password" autoComplete="new-password" revealable error={errors.repeatPassword?.message} {...form.register('repeatPassword')} />
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Opretter konto...' : 'Opret konto og tag imod'}
        </Button>
      </form>
      <p className="text-center">
        Har du allerede en konto?{' '}
        <Link to={loginPath(token)} className="font-semibold text-gold-text underline decoration-gold/60 underline-offset-4">
          Log ind
        </Link>
      </p>
    </div>
  );
}
