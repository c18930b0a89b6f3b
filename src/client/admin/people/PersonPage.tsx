/**
 * /admin/users/{id}: one account as staff need it at a glance (who, what role, open or closed,
 * second factor), what it has (memorials, QR codes, a reseller record, sessions), what can be done
 * to it, and what staff have done to it before.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { type AccountView, peopleMessages } from '@/shared/people';
import { formatCode } from '@/shared/qr-code';
import { STAFF_QR_STATUS_LABELS } from '@/shared/qr-lifecycle';
import { AdminLayout } from '../AdminLayout';
import { DisabledBadge, RoleBadge } from './badges';
import { MEMBER_ROLE_NAMES, RESELLER_STATUS_NAMES, danishDay, danishMoment } from './format';
import { PersonActions } from './PersonActions';
import { FactList } from '../FactList';
import { Panel } from '../Panel';
import { PersonHistory } from './PersonHistory';
import { useAccount } from './use-people';

const back = (
  <Button asChild variant="secondary" size="sm">
    <Link to="/admin/users">
      <ArrowLeft aria-hidden="true" />
      Alle personer
    </Link>
  </Button>
);

export default function PersonPage() {
  const { id = '' } = useParams();
  const account = useAccount(id);
  const view = account.data;

  if (!view) {
    return (
      <AdminLayout title="Person" actions={back}>
        <QueryStatus
          query={account}
          pending="Henter kontoen..."
          failed="Kontoen kunne ikke hentes"
          refusals={{
            404: { title: 'Personen findes ikke', text: peopleMessages.notFound, action: <Link to="/admin/users">Til personer</Link> },
            400: { title: 'Personen findes ikke', text: 'Adressen peger ikke på en konto.', action: <Link to="/admin/users">Til personer</Link> },
          }}
        />
      </AdminLayout>
    );
  }

  const { user } = view;
  return (
    <AdminLayout
      title={user.fullName}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <RoleBadge role={user.role} />
          {user.disabledAt ? <DisabledBadge /> : null}
          <span>
            {user.username} · {user.email}
          </span>
        </span>
      }
      actions={back}
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Facts view={view} />
          <Things view={view} />
        </div>
        <div className="space-y-6">
          <PersonActions view={view} />
          <PersonHistory entries={view.history} />
        </div>
      </div>
    </AdminLayout>
  );
}

function Facts({ view }: { view: AccountView }) {
  const { user, twoFactor, reseller } = view;
  const rows: [string, ReactNode][] = [
    ['Navn', user.fullName],
    ['Brugernavn', user.username],
    ['E-mail', <a href={`mailto:${user.email}`}>{user.email}</a>],
    ['Status', user.disabledAt ? `Lukket ${danishMoment(user.disabledAt)}` : 'Aktiv'],
    ['Oprettet', danishDay(user.createdAt)],
    ['Totrinsbekræftelse', twoFactor.isSetUp && twoFactor.confirmedAt ? `Sat op ${danishDay(twoFactor.confirmedAt)}` : 'Ikke sat op'],
    [
      'Forhandler',
      reseller ? (
        <>
          {reseller.companyName} (CVR {reseller.cvr}) · {RESELLER_STATUS_NAMES[reseller.status]}
          {reseller.approvedAt ? `, godkendt ${danishDay(reseller.approvedAt)}` : ''}
        </>
      ) : (
        'Nej'
      ),
    ],
  ];
  return (
    <Panel title="Konto">
      <FactList rows={rows} />
    </Panel>
  );
}

function Things({ view }: { view: AccountView }) {
  return (
    <>
      <Panel title={`Mindesider (${view.memorials.length})`}>
        {view.memorials.length === 0 ? (
          <p className="text-muted-foreground">Ingen mindesider.</p>
        ) : (
          <ul className="divide-y divide-border">
            {view.memorials.map((memorial) => (
              <li key={memorial.id} className="flex flex-wrap items-center justify-between gap-x-4 py-1">
                {memorial.deleted ? (
                  <span className="inline-flex min-h-11 items-center text-muted-foreground">{memorial.name} (slettet)</span>
                ) : (
                  <Link to={`/memorial/${memorial.slug}`} className="inline-flex min-h-11 items-center font-semibold">
                    {memorial.name}
                  </Link>
                )}
                <span className="text-sm text-muted-foreground">{MEMBER_ROLE_NAMES[memorial.role]}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={`QR-koder (${view.qrCodes.length})`}>
        {view.qrCodes.length === 0 ? (
          <p className="text-muted-foreground">Ingen QR-koder.</p>
        ) : (
          <ul className="divide-y divide-border">
            {view.qrCodes.map((code) => (
              <li key={code.code} className="flex flex-wrap items-center justify-between gap-x-4 py-2.5">
                <span className="code-text font-semibold">{formatCode(code.code)}</span>
                <span className="text-sm text-muted-foreground">
                  {STAFF_QR_STATUS_LABELS[code.status]}
                  {code.claimedAt ? ` · ${danishDay(code.claimedAt)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={`Sessioner (${view.sessions.length})`}>
        {view.sessions.length === 0 ? (
          <p className="text-muted-foreground">Ikke logget ind nogen steder.</p>
        ) : (
          <ul className="divide-y divide-border">
            {view.sessions.map((session, index) => (
              <li key={`${session.createdAt}-${index}`} className="py-2.5 text-sm">
                <span className="font-semibold">Logget ind {danishMoment(session.createdAt)}</span>
                <span className="block text-muted-foreground">
                  Udløber {danishDay(session.expiresAt)}
                  {view.user.role !== 'user' ? (session.twoFactorVerified ? ' · totrinsbekræftet' : ' · ikke totrinsbekræftet') : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
