/**
 * /reset-password/{token}: the link from the e-mail. The link is checked first (GET
 * /api/password-reset/{token}); an unknown, used or expired link says so and points to the login
 * page, where a new one can be asked for. Otherwise the person chooses a new password.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { passwordResetBody } from '@/shared/auth';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { CardPage } from '@/client/components/layout/CardPage';
import { LinkProblem } from '@/client/components/layout/LinkProblem';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { passwordsMatch, repeatedPassword } from './repeated-password';

/** The server's own words for a link it does not know; used when the token cannot even be one. */
const UNKNOWN_LINK = 'Linket til at nulstille adgangskoden er ikke gyldigt. Bed om et nyt link på login-siden.';

const resetForm = z
  .object({ password: passwordResetBody.shape.password })
  .extend(repeatedPassword)
  .refine(...passwordsMatch);
type ResetFormValues = z.infer<typeof resetForm>;

export default function ResetPasswordPage() {
  usePageTitle('Vælg ny adgangskode');
  const { token = '' } = useParams();
  const wellFormed = passwordResetBody.shape.token.safeParse(token).success;

  const check = useQuery({
    queryKey: ['/api/password-reset', token],
    queryFn: ({ signal }) => apiRequest<{ valid: true }>('GET', `/api/password-reset/${encodeURIComponent(token)}`, { signal }),
    enabled: wellFormed,
    retry: false,
    staleTime: 0,
  });

  let content;
  const invalid = !wellFormed || check.isError;
  if (invalid) {
    content = (
      <LinkProblem message={wellFormed ? errorMessage(check.error) : UNKNOWN_LINK}>
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Gå til login</Link>
        </Button>
      </LinkProblem>
    );
  } else if (check.isPending) {
    content = (
      <p role="status" className="text-center text-muted-foreground">
        Tjekker linket...
      </p>
    );
  } else {
    content = <NewPasswordForm token={token} />;
  }

  return (
    <PageShell>
      <CardPage title={invalid ? 'Linket virker ikke' : 'Vælg en ny adgangskode'}>{content}</CardPage>
    </PageShell>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetFormValues>({ resolver: zodResolver(resetForm), defaultValues: { password: '', repeatPassword: '' } });
  const { errors } = form.formState;

  const reset = useMutation({
    mutationFn: (values: ResetFormValues) =>
      apiRequest<{ message: string }>('POST', '/api/password-reset/confirm', { body: { token, password: values.password } }),
    onSuccess: (response) => {
      navigate('/login', { replace: true });
      toast({ title: 'Adgangskoden er ændret', description: response?.message, duration: 10_000 });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Adgangskoden blev ikke ændret', description: errorMessage(error) }),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="space-y-6">
      <p className="text-center text-muted-foreground">Skriv din nye adgangskode to gange. Den skal være mindst 6 tegn.</p>
      <TextField
        label="Ny adgangskode"
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Gentag ny adgangskode"
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.repeatPassword?.message}
        {...form.register('repeatPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Gemmer...' : 'Gem ny adgangskode'}
      </Button>
    </form>
  );
}
