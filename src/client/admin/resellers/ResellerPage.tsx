/**
 * /admin/resellers/{id}: one reseller as an admin needs it to decide: the application's facts
 * (company, CVR, contact, address, the terms it accepted, who referred it), the account that runs
 * it or the setup link a visitor's application was sent, where it stands and the decisions that
 * fit, its packages (and a new one), its codes by state, and what staff have decided before.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { RESELLER_KIND_LABELS } from '@/shared/resellers';
import { RESELLER_CODE_STATES } from '@/shared/resellers-api';
import { type ResellerDetail, resellerAdminMessages } from '@/shared/resellers-admin';
import { AdminLayout } from '../AdminLayout';
import { FactList } from '../FactList';
import { Panel } from '../Panel';
import { danishDay, danishMoment, danishNumber } from '../people/format';
import { PersonHistory } from '../people/PersonHistory';
import { ResellerStatusBadge } from './badges';
import { STAFF_CODE_STATE_LABELS, resellerActionDetail } from './format';
import { ResellerActions } from './ResellerActions';
import { ResellerPackages } from './ResellerPackages';
import { useReseller } from './use-resellers';

/** A link among the facts: underlined, so it reads as one on a touch screen too. */
const factLink = 'font-semibold underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text';

const back = (
  <Button asChild variant="secondary" size="sm">
    <Link to="/admin/resellers">
      <ArrowLeft aria-hidden="true" />
      Alle forhandlere
    </Link>
  </Button>
);

export default function ResellerPage() {
  const { id = '' } = useParams();
  const query = useReseller(id);
  const view = query.data;

  if (!view) {
    const gone = { title: 'Forhandleren findes ikke', action: <Link to="/admin/resellers">Til forhandlere</Link> };
    return (
      <AdminLayout title="Forhandler" actions={back}>
        <QueryStatus
          query={query}
          pending="Henter forhandleren..."
          failed="Forhandleren kunne ikke hentes"
          refusals={{ 404: { ...gone, text: resellerAdminMessages.notFound }, 400: { ...gone, text: 'Adressen peger ikke på en forhandler.' } }}
        />
      </AdminLayout>
    );
  }

  const { reseller } = view;
  return (
    <AdminLayout
      title={reseller.companyName}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <ResellerStatusBadge status={reseller.status} />
          <span>
            CVR {reseller.cvr} · {RESELLER_KIND_LABELS[reseller.kind]}
            {reseller.town ? ` · ${reseller.town}` : ''}
          </span>
        </span>
      }
      actions={back}
    >
      {/* Two columns from 1024 px; below, one, with the decision first (what a tablet at the desk is opened for) and the history last. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="contents lg:block lg:space-y-6">
          <Facts view={view} />
          <ResellerPackages view={view} />
          <Codes view={view} />
        </div>
        <div className="contents lg:block lg:space-y-6">
          <div className="order-first lg:order-none">
            <ResellerActions view={view} />
          </div>
          <div className="order-last lg:order-none">
            <PersonHistory entries={view.history} empty="Ingen har truffet afgørelser om forhandleren endnu." detail={resellerActionDetail} />
          </div>
        </div>
      </div>
    </AdminLayout>
  );
}

/** Where a visitor's approved application stands on its way to an account. */
function accountText(view: ResellerDetail): ReactNode {
  if (view.account) {
    return (
      <Link to={`/admin/users/${view.account.id}`} className={factLink}>
        {view.account.fullName} ({view.account.username})
      </Link>
    );
  }
  const link = view.setupLink;
  if (!link) return view.reseller.status === 'approved' ? 'Ingen konto endnu' : 'Ingen konto endnu. Ansøgeren får et link til at oprette den, når ansøgningen er godkendt.';
  const state = link.used ? 'brugt' : new Date(link.expiresAt) <= new Date() ? `udløbet ${danishDay(link.expiresAt)}` : `gyldigt til ${danishDay(link.expiresAt)}`;
  return `Ingen konto endnu. Link til at oprette den sendt ${danishMoment(link.sentAt)}, ${state}.`;
}

function Facts({ view }: { view: ResellerDetail }) {
  const { reseller, referredBy } = view;
  const rows: [string, ReactNode][] = [
    ['Virksomhed', reseller.companyName],
    ['CVR-nummer', reseller.cvr],
    ['Type', RESELLER_KIND_LABELS[reseller.kind]],
    ['Kontaktperson', reseller.contactName || '–'],
    ['E-mail', <a href={`mailto:${reseller.email}`} className={cn(factLink, 'break-all')}>{reseller.email}</a>],
    ['Telefon', reseller.phone ? <a href={`tel:${reseller.phone.replace(/[\s-]/g, '')}`} className={factLink}>{reseller.phone}</a> : '–'],
    ['Adresse', reseller.address || '–'],
    ['Postnr. og by', [reseller.postcode, reseller.town].filter(Boolean).join(' ') || '–'],
    ['Vilkår', reseller.termsVersion ? `Version ${reseller.termsVersion}${reseller.termsAcceptedAt ? `, accepteret ${danishMoment(reseller.termsAcceptedAt)}` : ''}` : 'Ikke accepteret'],
    ['Henvist af', referredBy ? <Link to={`/admin/resellers/${referredBy.id}`} className={factLink}>{referredBy.companyName}</Link> : 'Ingen'],
    ['Partnere', view.partners === 0 ? 'Ingen godkendte partnere' : `${danishNumber(view.partners)} godkendte`],
    ['Henvisningskode', <span className="code-text">{reseller.referralCode}</span>],
    ['Ansøgt', danishMoment(reseller.createdAt)],
    ['Godkendt', reseller.approvedAt ? danishDay(reseller.approvedAt) : '–'],
    ['Konto', accountText(view)],
  ];
  return (
    <Panel title="Ansøgning">
      <FactList rows={rows} />
    </Panel>
  );
}

function Codes({ view }: { view: ResellerDetail }) {
  const total = RESELLER_CODE_STATES.reduce((sum, state) => sum + (view.counts[state] ?? 0), 0);
  return (
    <Panel title={`Koder (${danishNumber(total)})`}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {RESELLER_CODE_STATES.map((state) => (
          <div key={state} className="flex flex-col justify-between gap-1 rounded-lg border border-border px-3 py-2.5">
            <dt className="text-sm text-muted-foreground">{STAFF_CODE_STATE_LABELS[state]}</dt>
            <dd className="font-serif text-2xl tabular-nums">{danishNumber(view.counts[state] ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
