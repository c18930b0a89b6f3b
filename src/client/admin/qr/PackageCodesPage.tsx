/**
 * /admin/qr-packages/{id}/qr-codes: a package's codes, 50 a page in the codes' order, filtered by
 * state (?status=&page=), each with its picture (small, fetched as it scrolls into view), its state,
 * the account it is locked to and the memorials it opens, and a link to its card on /admin/qr.
 */
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { FilterSelect } from '@/client/components/ui/filter-select';
import type { PackageCodeRow } from '@/shared/production';
import { formatCode } from '@/shared/qr-code';
import { QR_STATUSES } from '@/shared/qr-lifecycle';
import { AdminLayout } from '../AdminLayout';
import { ListResults, useListAddress } from '../ListControls';
import { QrStateBadge } from './badges';
import { factLink } from './CodeCard';
import { codeCount, stateLabel } from './format';
import { usePackage, usePackageCodes } from './use-qr';

const FILTERS = { status: QR_STATUSES };

export default function PackageCodesPage() {
  const { id = '' } = useParams();
  const { filters, go } = useListAddress(FILTERS);
  const codes = usePackageCodes(id, filters);
  const pkg = usePackage(id).data?.package;

  const back = (
    <Button asChild variant="secondary" size="sm">
      <Link to={`/admin/qr-packages/${id}`}>
        <ArrowLeft aria-hidden="true" />
        Til pakken
      </Link>
    </Button>
  );

  return (
    <AdminLayout title={pkg ? `Koder i ${pkg.name}` : 'Pakkens koder'} description={pkg ? `${pkg.resellerName ?? 'Direkte salg'} · ${codeCount(pkg.size)}` : undefined} actions={back}>
      <div className="max-w-xs">
        <FilterSelect id="codes-status" label="Tilstand" value={filters.status} onChange={(status) => go({ status })} options={[['', 'Alle'], ...QR_STATUSES.map((s) => [s, stateLabel(s)] as const)]} />
      </div>
      <ListResults
        query={codes}
        pending="Henter koder..."
        failed="Koderne kunne ikke hentes"
        count={(page) => codeCount(page.total)}
        empty={(page) => (page.codes.length > 0 ? null : filters.status ? `Ingen koder i pakken står som ${stateLabel(filters.status as (typeof QR_STATUSES)[number])}.` : 'Der er ikke flere koder.')}
        onPage={(page) => go({ page })}
      >
        {(page) => (
          <ul className="mt-3 divide-y divide-border rounded-lg border border-border bg-card" aria-label="Koder">
            {page.codes.map((row) => (
              <CodeRow key={row.code} row={row} />
            ))}
          </ul>
        )}
      </ListResults>
    </AdminLayout>
  );
}

function CodeRow({ row }: { row: PackageCodeRow }) {
  const shown = formatCode(row.code);
  return (
    <li className="flex items-center gap-4 px-3 py-2 sm:px-4">
      {/* White behind the symbol in both themes: a scanner held to the screen reads dark on light. */}
      <img
        src={`/api/qr-codes/${row.code}/qr.svg?ecc=Q`}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded bg-white p-1"
      />
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
        <p className="sm:w-44 sm:shrink-0">
          <Link to={`/admin/qr?code=${row.code}`} className={`${factLink} font-mono tracking-wider`} aria-label={`QR-kode ${shown}`}>
            {shown}
          </Link>
        </p>
        <p className="mt-1 sm:mt-0 sm:w-48 sm:shrink-0">
          <QrStateBadge status={row.status} />
        </p>
        <p className="mt-1 min-w-0 text-sm text-muted-foreground sm:mt-0">
          {row.holder ? <span className="block">Låst til {row.holder.name}</span> : null}
          {row.memorials.map((memorial) => (
            <Link key={memorial.id} to={`/memorial/${encodeURIComponent(memorial.slug)}`} className={`${factLink} mr-3 font-normal`}>
              {memorial.name}
            </Link>
          ))}
        </p>
      </div>
    </li>
  );
}
