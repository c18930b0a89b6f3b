/**
 * /profile: who is signed in, the memorials they look after, their QR codes, and logging out. A visitor is sent to log in first, and comes back
 * here afterwards (?redirect=/profile).
 */
import { Navigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { useLogout } from '@/client/auth/use-logout';
import { useUser } from '@/client/auth/use-user';
import { usePageTitle } from '@/client/lib/page-title';
import { MyMemorials } from './MyMemorials';
import { MyQrCodes } from './MyQrCodes';

const danishDate = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });

export default function ProfilePage() {
  usePageTitle('Min profil');
  const { user, isLoading } = useUser();
  const logout = useLogout();

  if (isLoading) {
    return (
      <PageShell>
        <p role="status" className="py-24 text-center text-muted-foreground">
          Indlæser...
        </p>
      </PageShell>
    );
  }
  if (!user) return <Navigate to="/login?redirect=/profile" replace />;

  const details = [
    { term: 'Fulde navn', value: user.fullName },
    { term: 'Brugernavn', value: user.username },
    { term: 'E-mail', value: user.email },
    { term: 'Medlem siden', value: danishDate.format(new Date(user.createdAt)) },
  ];

  return (
    <PageShell>
      <CardPage title="Min profil" lead={<p>Velkommen, {user.fullName}.</p>}>
        <dl className="divide-y divide-border border-y border-border">
          {details.map((detail) => (
            <div key={detail.term} className="grid gap-1 py-4 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt className="text-sm font-semibold text-muted-foreground sm:text-base sm:font-normal">{detail.term}</dt>
              <dd className="text-lg break-words">{detail.value}</dd>
            </div>
          ))}
        </dl>
        <MyMemorials />
        <MyQrCodes />
        <div className="mt-10 flex justify-center">
          <Button variant="secondary" size="lg" onClick={() => logout.mutate()} disabled={logout.isPending} className="w-full sm:w-auto">
            <LogOut aria-hidden="true" />
            {logout.isPending ? 'Logger ud...' : 'Log ud'}
          </Button>
        </div>
      </CardPage>
    </PageShell>
  );
}
