/**
 * /admin/qr-packages: every package, newest first, with its reseller, size, state, when it was made
 * and last moved, and its codes by state; found by name or reseller, filtered by reseller (or
 * direct sale) and state, in the address (?q=&reseller=&status=&page=) so back, forward and reload
 * keep them. "Ny pakke" makes one and opens it. A table on a wide screen, cards on a phone.
 */
import { Link, useSearchParams } from 'react-router';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { SearchField } from '@/client/components/ui/search-field';
import { useSearchText } from '@/client/lib/use-search-text';
import { DIRECT_SALE, type QrPackageSummary } from '@/shared/production';
import { QR_PACKAGE_STATUSES } from '@/shared/qr-lifecycle';
import { AdminLayout } from '../AdminLayout';
import { ListResults, useListAddress } from '../ListControls';
import { danishDay } from '../people/format';
import { QrStateBadge } from './badges';
import { codeCount, packageCount, stateLabel } from './format';
import { NewPackageDialog } from './NewPackageDialog';
import { StateBar } from './StateBar';
import { useFloorResellers, usePackages } from './use-qr';

/** qrPackagesQuery's limit. */
const QUERY_MAX = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function PackagesPage() {
  // A reseller in the address is taken as it is (the server checks it), so the list need not wait for the names.
  const [params] = useSearchParams();
  const typedReseller = params.get('reseller') ?? '';
  const { filters, go } = useListAddress({ status: QR_PACKAGE_STATUSES, reseller: [DIRECT_SALE, ...(UUID.test(typedReseller) ? [typedReseller] : [])] });
  const list = usePackages(filters);
  const resellers = useFloorResellers();
  const { text, setText, submit } = useSearchText(filters.q, (q, options) => go({ q }, options));
  const filtered = filters.q !== '' || filters.status !== '' || filters.reseller !== '';

  const resellerOptions: (readonly [string, string])[] = [
    ['', 'Alle'],
    [DIRECT_SALE, 'Direkte salg'],
    ...(resellers.data?.resellers ?? []).map((reseller) => [reseller.id, reseller.name] as const),
  ];
  // Until the names have come, a reseller chosen in the address still shows as chosen.
  if (filters.reseller && !resellerOptions.some(([value]) => value === filters.reseller)) resellerOptions.push([filters.reseller, 'Valgt forhandler']);

  return (
    <AdminLayout title="QR-pakker" description="Pakker af QR-koder til forhandlere og direkte salg, fra oprettelse til forsendelse." actions={<NewPackageDialog />}>
      <form role="search" onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-end">
        <div className="sm:col-span-2 lg:col-span-1">
          <SearchField id="packages-q" value={text} onChange={setText} maxLength={QUERY_MAX} placeholder="Pakkens eller forhandlerens navn" />
        </div>
        <FilterSelect id="packages-reseller" label="Forhandler" value={filters.reseller} onChange={(reseller) => go({ reseller })} options={resellerOptions} width="lg:w-60" />
        <FilterSelect
          id="packages-status"
          label="Tilstand"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[['', 'Alle'], ...QR_PACKAGE_STATUSES.map((s) => [s, stateLabel(s)] as const)]}
          width="lg:w-52"
        />
      </form>

      <ListResults
        query={list}
        pending="Henter pakker..."
        failed="Pakkerne kunne ikke hentes"
        count={(page) => packageCount(page.total)}
        empty={(page) => (page.packages.length > 0 ? null : filtered ? 'Ingen pakker passer til søgningen.' : page.page > 1 ? 'Der er ikke flere pakker.' : 'Der er ingen pakker endnu. Opret den første med “Ny pakke”.')}
        onPage={(page) => go({ page })}
      >
        {(page) => (
          <>
            <PackageTable packages={page.packages} />
            <PackageCards packages={page.packages} />
          </>
        )}
      </ListResults>
    </AdminLayout>
  );
}

const packageLink = (id: string) => `/admin/qr-packages/${id}`;

function PackageTable({ packages }: { packages: QrPackageSummary[] }) {
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-lg border border-border md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Pakke</th>
            <th scope="col" className="px-4 py-3 font-semibold">Forhandler</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Koder</th>
            <th scope="col" className="px-4 py-3 font-semibold">Tilstand</th>
            <th scope="col" className="min-w-48 px-4 py-3 font-semibold">Kodernes tilstand</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Oprettet</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {packages.map((pkg) => (
            <tr key={pkg.id} className="align-top hover:bg-secondary/40">
              <td className="px-4 py-2">
                <Link to={packageLink(pkg.id)} className="inline-flex min-h-11 items-center font-semibold text-foreground underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text">
                  {pkg.name}
                </Link>
              </td>
              <td className="px-4 py-2 pt-4 text-muted-foreground">{pkg.resellerName ?? 'Direkte salg'}</td>
              <td className="px-4 py-2 pt-4 text-right whitespace-nowrap tabular-nums">{codeCount(pkg.size)}</td>
              <td className="px-4 py-2 pt-3.5">
                <QrStateBadge status={pkg.status} />
                {pkg.statusChangedAt ? <span className="mt-1 block text-xs text-muted-foreground">siden {danishDay(pkg.statusChangedAt)}</span> : null}
              </td>
              <td className="px-4 py-2 pt-4">
                <StateBar counts={pkg.counts} compact />
              </td>
              <td className="px-4 py-2 pt-4 text-right whitespace-nowrap text-muted-foreground">{danishDay(pkg.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PackageCards({ packages }: { packages: QrPackageSummary[] }) {
  return (
    <ul className="mt-3 space-y-2 md:hidden">
      {packages.map((pkg) => (
        <li key={pkg.id}>
          <Link to={packageLink(pkg.id)} className="block rounded-lg border border-border bg-card px-4 py-3 text-foreground no-underline hover:bg-secondary/40 focus-visible:outline-3 focus-visible:outline-ring">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold break-words">{pkg.name}</span>
              <QrStateBadge status={pkg.status} />
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">
              {pkg.resellerName ?? 'Direkte salg'} · {codeCount(pkg.size)} · oprettet {danishDay(pkg.createdAt)}
            </span>
            <div className="mt-2">
              <StateBar counts={pkg.counts} compact />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
