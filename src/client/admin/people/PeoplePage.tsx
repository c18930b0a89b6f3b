/**
 * /admin/users: find an account by name, username, e-mail or QR code, narrowed by role and status.
 * The search lives in the address (?q=&role=&status=&page=), so back, forward and reload keep it;
 * typing searches after a pause (and at once on Enter) and replaces the address rather than
 * filling the history with every letter. A table on a wide screen, cards on a phone.
 */
import { Link } from 'react-router';
import { roles } from '@/shared/auth';
import { ACCOUNT_STATUSES, PEOPLE_QUERY_MAX, type PersonSummary } from '@/shared/people';
import { ROLE_LABELS } from '@/shared/staff';
import { AdminLayout } from '../AdminLayout';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { SearchField } from '@/client/components/ui/search-field';
import { useSearchText } from '@/client/lib/use-search-text';
import { ListResults, useListAddress } from '../ListControls';
import { danishDay, peopleCount } from './format';
import { DisabledBadge, RoleBadge } from './badges';
import { usePeopleSearch } from './use-people';

const FILTERS = { role: roles, status: ACCOUNT_STATUSES };

export default function PeoplePage() {
  const { filters, go } = useListAddress(FILTERS);
  const search = usePeopleSearch(filters);
  const { text, setText, submit } = useSearchText(filters.q, (q, options) => go({ q }, options));

  return (
    <AdminLayout title="Personer" description="Find en konto ud fra navn, brugernavn, e-mail eller QR-kode.">
      <form role="search" onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <SearchField id="people-q" value={text} onChange={setText} maxLength={PEOPLE_QUERY_MAX} placeholder="Navn, brugernavn, e-mail eller QR-kode" />
        <FilterSelect id="people-role" label="Rolle" value={filters.role} onChange={(role) => go({ role })} options={[['', 'Alle roller'], ...roles.map((r) => [r, ROLE_LABELS[r]] as const)]} width="sm:w-44" />
        <FilterSelect
          id="people-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[
            ['', 'Alle'],
            ['active', 'Aktive'],
            ['disabled', 'Lukkede'],
          ]}
          width="sm:w-44"
        />
      </form>

      <ListResults
        query={search}
        pending="Henter personer..."
        failed="Personerne kunne ikke hentes"
        count={(data) => (data.totalIsCapped ? `Over ${peopleCount(data.total)} – skriv mere for at indsnævre` : peopleCount(data.total))}
        empty={(data) => (data.users.length === 0 ? 'Ingen personer passer til søgningen.' : null)}
        onPage={(page) => go({ page })}
      >
        {(data) => (
          <>
            <PeopleTable people={data.users} />
            <PeopleCards people={data.users} />
          </>
        )}
      </ListResults>
    </AdminLayout>
  );
}

const personLink = (id: string) => `/admin/users/${id}`;

function PeopleTable({ people }: { people: PersonSummary[] }) {
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-lg border border-border md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Navn</th>
            <th scope="col" className="px-4 py-3 font-semibold">Brugernavn</th>
            <th scope="col" className="px-4 py-3 font-semibold">E-mail</th>
            <th scope="col" className="px-4 py-3 font-semibold">Rolle</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Oprettet</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {people.map((person) => (
            <tr key={person.id} className="hover:bg-secondary/40">
              <td className="px-4 py-2">
                <Link to={personLink(person.id)} className="inline-flex min-h-11 items-center font-semibold text-foreground underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text">
                  {person.fullName}
                </Link>
              </td>
              <td className="px-4 py-2 break-all text-muted-foreground">{person.username}</td>
              <td className="px-4 py-2 break-all text-muted-foreground">{person.email}</td>
              <td className="px-4 py-2">
                <span className="flex flex-wrap gap-1.5">
                  <RoleBadge role={person.role} />
                  {person.disabledAt ? <DisabledBadge /> : null}
                </span>
              </td>
              <td className="px-4 py-2 text-right whitespace-nowrap text-muted-foreground">{danishDay(person.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PeopleCards({ people }: { people: PersonSummary[] }) {
  return (
    <ul className="mt-3 space-y-2 md:hidden">
      {people.map((person) => (
        <li key={person.id}>
          <Link to={personLink(person.id)} className="block rounded-lg border border-border bg-card px-4 py-3 text-foreground no-underline hover:bg-secondary/40 focus-visible:outline-3 focus-visible:outline-ring">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">{person.fullName}</span>
              <RoleBadge role={person.role} />
              {person.disabledAt ? <DisabledBadge /> : null}
            </span>
            <span className="mt-1 block text-sm break-all text-muted-foreground">
              {person.username} · {person.email}
            </span>
            <span className="mt-0.5 block text-sm text-muted-foreground">Oprettet {danishDay(person.createdAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
