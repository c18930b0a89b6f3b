/**
 * /admin/resellers: applications waiting for a decision first, then every reseller newest first.
 * The heading says how many applications wait whatever is searched; a search over company name,
 * CVR, contact, e-mail and town, and a status filter, live in the address (?q=&status=&page=), so
 * back, forward and reload keep them. A table on a wide screen, cards on a phone.
 */
import { Link } from 'react-router';
import { RESELLER_KIND_LABELS, RESELLER_STATUSES, RESELLER_STATUS_LABELS } from '@/shared/resellers';
import type { ResellerSummary } from '@/shared/resellers-admin';
import { AdminLayout } from '../AdminLayout';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { SearchField } from '@/client/components/ui/search-field';
import { useSearchText } from '@/client/lib/use-search-text';
import { ListResults, useListAddress } from '../ListControls';
import { danishDay } from '../people/format';
import { ResellerStatusBadge } from './badges';
import { applicationsWaiting, resellerCount } from './format';
import { useResellers } from './use-resellers';

/** resellersQuery's limit. */
const QUERY_MAX = 120;

const FILTERS = { status: RESELLER_STATUSES };

export default function ResellersPage() {
  const { filters, go } = useListAddress(FILTERS);
  const list = useResellers(filters);
  const { text, setText, submit } = useSearchText(filters.q, (q, options) => go({ q }, options));

  const data = list.data;
  const filtered = filters.q !== '' || filters.status !== '';

  return (
    <AdminLayout
      title="Forhandlere"
      description={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {data ? (
            data.pending > 0 && filters.status !== 'pending' ? (
              <Link to="?status=pending" className="inline-flex min-h-11 items-center gap-2 font-semibold text-foreground">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-gold" />
                {applicationsWaiting(data.pending)}
              </Link>
            ) : (
              <span className="font-semibold text-foreground">{applicationsWaiting(data.pending)}</span>
            )
          ) : null}
          <span>Bedemænd og stenhuggere, der sælger QR-koder. Ansøgninger står øverst.</span>
        </span>
      }
    >
      <form role="search" onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <SearchField id="resellers-q" value={text} onChange={setText} maxLength={QUERY_MAX} placeholder="Firma, CVR, e-mail eller by" />
        <FilterSelect
          id="resellers-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[['', 'Alle'], ...RESELLER_STATUSES.map((s) => [s, RESELLER_STATUS_LABELS[s]] as const)]}
          width="sm:w-56"
        />
      </form>

      <ListResults
        query={list}
        pending="Henter forhandlere..."
        failed="Forhandlerne kunne ikke hentes"
        count={(page) => resellerCount(page.total)}
        empty={(page) =>
          page.resellers.length > 0 ? null : filtered ? 'Ingen forhandlere passer til søgningen.' : page.page > 1 ? 'Der er ikke flere forhandlere.' : 'Ingen har søgt om at blive forhandler endnu.'
        }
        onPage={(page) => go({ page })}
      >
        {(page) => (
          <>
            <ResellerTable resellers={page.resellers} />
            <ResellerCards resellers={page.resellers} />
          </>
        )}
      </ListResults>
    </AdminLayout>
  );
}

const resellerLink = (id: string) => `/admin/resellers/${id}`;

function ResellerTable({ resellers }: { resellers: ResellerSummary[] }) {
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-lg border border-border md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Virksomhed</th>
            <th scope="col" className="px-4 py-3 font-semibold">CVR</th>
            <th scope="col" className="px-4 py-3 font-semibold">By</th>
            <th scope="col" className="px-4 py-3 font-semibold">Type</th>
            <th scope="col" className="px-4 py-3 font-semibold">Status</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Ansøgt</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {resellers.map((reseller) => (
            <tr key={reseller.id} className="hover:bg-secondary/40">
              <td className="px-4 py-2">
                <Link to={resellerLink(reseller.id)} className="inline-flex min-h-11 items-center font-semibold text-foreground underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text">
                  {reseller.companyName}
                </Link>
                <span className="block pb-1 text-muted-foreground">{reseller.contactName || reseller.email}</span>
              </td>
              <td className="px-4 py-2 whitespace-nowrap text-muted-foreground tabular-nums">{reseller.cvr}</td>
              <td className="px-4 py-2 text-muted-foreground">{reseller.town || '–'}</td>
              <td className="px-4 py-2 text-muted-foreground">{RESELLER_KIND_LABELS[reseller.kind]}</td>
              <td className="px-4 py-2">
                <ResellerStatusBadge status={reseller.status} />
              </td>
              <td className="px-4 py-2 text-right whitespace-nowrap text-muted-foreground">{danishDay(reseller.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResellerCards({ resellers }: { resellers: ResellerSummary[] }) {
  return (
    <ul className="mt-3 space-y-2 md:hidden">
      {resellers.map((reseller) => (
        <li key={reseller.id}>
          <Link to={resellerLink(reseller.id)} className="block rounded-lg border border-border bg-card px-4 py-3 text-foreground no-underline hover:bg-secondary/40 focus-visible:outline-3 focus-visible:outline-ring">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">{reseller.companyName}</span>
              <ResellerStatusBadge status={reseller.status} />
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">
              CVR {reseller.cvr} · {RESELLER_KIND_LABELS[reseller.kind]}
              {reseller.town ? ` · ${reseller.town}` : ''}
            </span>
            <span className="mt-0.5 block text-sm text-muted-foreground">Ansøgt {danishDay(reseller.createdAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
