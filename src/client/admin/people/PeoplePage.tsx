/**
 * /admin/users: find an account by name, username, e-mail or QR code, narrowed by role and status.
 * The search lives in the address (?q=&role=&status=&page=), so back, forward and reload keep it;
 * typing searches after a pause (and at once on Enter) and replaces the address rather than
 * filling the history with every letter. A table on a wide screen, cards on a phone.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';
import { roles } from '@/shared/auth';
import { ACCOUNT_STATUSES, PEOPLE_QUERY_MAX, type PersonSummary } from '@/shared/people';
import { ROLE_LABELS } from '@/shared/staff';
import { AdminLayout } from '../AdminLayout';
import { danishDay, danishNumber, peopleCount } from './format';
import { DisabledBadge, RoleBadge } from './badges';
import { type PeopleFilters, usePeopleSearch } from './use-people';

/** Long enough for a word to be finished, short enough to feel immediate. */
const TYPING_PAUSE_MS = 300;

function filtersFrom(params: URLSearchParams): PeopleFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    role: (roles as readonly string[]).includes(params.get('role') ?? '') ? params.get('role')! : '',
    status: (ACCOUNT_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [text, setText] = useState(filters.q);
  const search = usePeopleSearch(filters);

  const go = (next: Partial<PeopleFilters>, options: { replace?: boolean } = {}) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.role) search.set('role', merged.role);
    if (merged.status) search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, options);
  };

  // Back and forward change the address: the field follows it (but not over a space being typed),
  // adjusted while rendering, as React advises for state that follows a prop.
  const [followedQ, setFollowedQ] = useState(filters.q);
  if (followedQ !== filters.q) {
    setFollowedQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  // A pause in typing searches, replacing the address (one history entry per finished search).
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => go({ q: text.trim() }, { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the timer
  }, [text]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== filters.q) go({ q: text.trim() });
  };

  const data = search.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminLayout title="Personer" description="Find en konto ud fra navn, brugernavn, e-mail eller QR-kode.">
      <form role="search" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <div className="space-y-2">
          <Label htmlFor="people-q">Søg</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <input
              id="people-q"
              type="search"
              value={text}
              maxLength={PEOPLE_QUERY_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder="Navn, brugernavn, e-mail eller QR-kode"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              className={cn(inputClass, 'pl-12')}
            />
          </div>
        </div>
        <Select id="people-role" label="Rolle" value={filters.role} onChange={(role) => go({ role })} options={[['', 'Alle roller'], ...roles.map((r) => [r, ROLE_LABELS[r]] as const)]} />
        <Select
          id="people-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[
            ['', 'Alle'],
            ['active', 'Aktive'],
            ['disabled', 'Lukkede'],
          ]}
        />
      </form>

      <div className="mt-6">
        {search.isPending || (search.isError && !data) ? (
          <QueryStatus compact query={search} pending="Henter personer..." failed="Personerne kunne ikke hentes" />
        ) : data ? (
          <>
            <p className="flex items-center gap-3 text-sm text-muted-foreground" aria-live="polite">
              <span className="font-semibold text-foreground">{data.totalIsCapped ? `Over ${peopleCount(data.total)} – skriv mere for at indsnævre` : peopleCount(data.total)}</span>
              {search.isFetching ? <span>Søger...</span> : null}
            </p>
            {data.users.length === 0 ? (
              <p className="mt-4 rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">Ingen personer passer til søgningen.</p>
            ) : (
              <>
                <PeopleTable people={data.users} />
                <PeopleCards people={data.users} />
              </>
            )}
            {pages > 1 ? (
              <nav aria-label="Sider" className="mt-6 flex flex-wrap items-center justify-between gap-3">
                <Button variant="secondary" size="sm" disabled={data.page <= 1} onClick={() => go({ page: data.page - 1 })} className="min-w-28">
                  <ChevronLeft aria-hidden="true" />
                  Forrige
                </Button>
                <p className="text-sm text-muted-foreground">
                  Side {danishNumber(data.page)} af {danishNumber(pages)}
                </p>
                <Button variant="secondary" size="sm" disabled={data.page >= pages} onClick={() => go({ page: data.page + 1 })} className="min-w-28">
                  Næste
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </AdminLayout>
  );
}

function Select({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: readonly (readonly [string, string])[] }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(inputClass, 'pr-10 sm:w-44')}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
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
