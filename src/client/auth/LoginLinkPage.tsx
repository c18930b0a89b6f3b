/**
 * /login/{token}: a one-time login link from an e-mail. The link is checked when the page opens
 * (GET, which spends nothing), and the sign-in happens only when the person presses "Log ind"
 * (POST): a mail program that opens links to scan them must not use the link up. Then on as after
 * a login: staff to the second factor, everyone else to their profile. A used, expired or unknown
 * link says so, with a way to ask for a new one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { linkToken, type LoginResponse } from '@/shared/auth';
import { isStaff } from '@/shared/staff';
import { Button } from '@/client/components/ui/button';
import { CardPage } from '@/client/components/layout/CardPage';
import { LinkProblem } from '@/client/components/layout/LinkProblem';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { invalidateAccount, storeSignedInUser } from '@/client/lib/use-user';
import { LoginLinkDialog } from './ForgotPasswordDialog';

/** The server's words for a link it does not know; used when the token cannot even be one. */
const UNKNOWN_LINK = 'Login-linket er ikke gyldigt. Bed om et nyt link på login-siden.';

export default function LoginLinkPage() {
  usePageTitle('Log ind med link');
  const { token = '' } = useParams();
  const wellFormed = linkToken.safeParse(token).success;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const check = useQuery({
    queryKey: ['/api/login-link', token],
    queryFn: ({ signal }) => apiRequest<null>('GET', `/api/login-link/${encodeURIComponent(token)}`, { signal }),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });

  const signIn = useMutation({
    mutationFn: () => apiRequest<LoginResponse>('POST', `/api/login-link/${encodeURIComponent(token)}`),
    onSuccess: (response) => {
      storeSignedInUser(queryClient, response);
      void invalidateAccount(queryClient);
      toast({ title: 'Login succesfuldt', description: `Velkommen tilbage, ${response.fullName}!` });
      // Staff still owe the second factor: the verification page asks for it (and the admin guard would send them there anyway).
      navigate(isStaff(response.role) ? '/admin/two-factor-verification' : '/profile', { replace: true });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Login fejlede', description: errorMessage(error) }),
  });

  const problem = !wellFormed ? UNKNOWN_LINK : check.isError ? errorMessage(check.error) : signIn.isError ? errorMessage(signIn.error) : null;

  let content;
  if (problem) {
    content = (
      <LinkProblem message={problem}>
        <LoginLinkDialog trigger="Send mig et nyt login-link" />
        <Button asChild variant="secondary" size="lg" className="w-full">
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
    content = (
      <div className="space-y-8">
        <p className="text-center text-muted-foreground">Tryk på knappen for at logge ind. Linket kan kun bruges én gang.</p>
        <Button size="lg" className="w-full" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
          {signIn.isPending ? 'Logger ind...' : 'Log ind'}
        </Button>
      </div>
    );
  }

  return (
    <PageShell>
      <CardPage title={problem ? 'Linket virker ikke' : 'Log ind med dit link'}>{content}</CardPage>
    </PageShell>
  );
}
