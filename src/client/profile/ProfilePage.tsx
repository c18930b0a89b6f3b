/**
 * /profile: who is signed in, the memorials they look after, their QR codes, and logging out; and
 * with ?tab=notifications (the bell, SPEC.md §2) their notifications. A visitor is sent to log in
 * first, and comes back here afterwards.
 */
import { Link, Navigate, useSearchParams } from 'react-router';
import { LogOut } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { CardPage } from '@/client/components/layout/CardPage';
import { PageShell } from '@/client/components/layout/PageShell';
import { useLogout } from '@/client/lib/use-logout';
import { useUser } from '@/client/lib/use-user';
import { cn } from '@/client/lib/cn';
import { usePageTitle } from '@/client/lib/page-title';
import { NotificationList } from '@/client/notifications/NotificationList';
import { MailPreferencesSection } from './MailPreferencesSection';
import { MyMemorials } from './MyMemorials';
import { MyQrCodes } from './MyQrCodes';

const danishDate = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });

const TABS = [
  { id: 'profile', label: 'Min profil', to: '/profile' },
  { id: 'notifications', label: 'Notifikationer', to: '/profile?tab=notifications' },
  { id: 'email', label: 'E-mail', to: '/profile?tab=email' },
] as const;

export default function ProfilePage() {
  const [search] = useSearchParams();
  const tab = TABS.find((entry) => entry.id === search.get('tab'))?.id ?? 'profile';
  usePageTitle(TABS.find((entry) => entry.id === tab)!.label);
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
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(TABS.find((entry) => entry.id === tab)!.to)}`} replace />;

  const details = [
    { term: 'Fulde navn', value: user.fullName },
    { term: 'Brugernavn', value: user.username },
    { term: 'E-mail', value: user.email },
    { term: 'Medlem siden', value: danishDate.format(new Date(user.createdAt)) },
  ];

  return (
    <PageShell>
      <CardPage title="Min profil" lead={<p>Velkommen, {user.fullName}.</p>}>
        <nav aria-label="Profilens dele" className="-mt-2 mb-8 flex gap-2 border-b border-border">
          {TABS.map((entry) => (
            <Link
              key={entry.id}
              to={entry.to}
              aria-current={entry.id === tab ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-12 items-center border-b-[3px] px-2 text-base whitespace-nowrap sm:text-lg transition-colors sm:px-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                entry.id === tab ? 'border-gold font-semibold text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {entry.label}
            </Link>
          ))}
        </nav>
        {tab === 'notifications' ? <NotificationList /> : tab === 'email' ? <MailPreferencesSection /> : <ProfileDetails details={details} />}
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

function ProfileDetails({ details }: { details: { term: string; value: string }[] }) {
  return (
    <>
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
    </>
  );
}
