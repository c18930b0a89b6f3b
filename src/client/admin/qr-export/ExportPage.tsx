/**
 * /admin/qr-export (issue 23, item 3): choose a package, found by its name or its reseller's, and
 * take its codes away as the file the next person needs: the office's spreadsheet, the printer's
 * A4 sheet, the print shop's SVGs, or the laser's files per code or per plate. The choice lives in
 * the address (?package=&q=&page=), so the package page links straight here and reload keeps it.
 *
 * A download is a plain link: the browser streams the file to disk as the server makes it (a
 * 10,000-code laser ZIP is 30 MB and takes a while), with its own progress, and nothing is held
 * in the page. The server decides who may have the files and writes each download to the audit log.
 */
import { Link, useSearchParams } from 'react-router';
import { Check, ChevronRight, FileArchive, FileSpreadsheet, Flame, LayoutGrid, Printer } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { SearchField } from '@/client/components/ui/search-field';
import { cn } from '@/client/lib/cn';
import { ApiError } from '@/client/lib/request';
import { useSearchText } from '@/client/lib/use-search-text';
import type { QrPackageSummary } from '@/shared/production';
import { LASER_PLATE, LASER_TAG, PRINT_SYMBOL, TAGS_PER_PLATE, packageExportUrls } from '@/shared/qr-exports';
import { AdminLayout } from '../AdminLayout';
import { type DownloadFile, DownloadList } from '../DownloadList';
import { ListResults } from '../ListControls';
import { Panel } from '../Panel';
import { danishDay } from '../people/format';
import { QrStateBadge } from '../qr/badges';
import { codeCount, packageCount } from '../qr/format';
import { usePackage, usePackages } from '../qr/use-qr';

/** qrPackagesQuery's limit. */
const QUERY_MAX = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address's choice: the package (when it is an id at all), the search and its page. */
function useExportAddress() {
  const [params, setParams] = useSearchParams();
  const typed = params.get('package') ?? '';
  const page = Number(params.get('page'));
  const state = { packageId: UUID.test(typed) ? typed.toLowerCase() : null, q: params.get('q') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1 };
  const go = (next: Partial<typeof state>, options: { replace?: boolean } = {}) => {
    const merged = { ...state, ...next };
    const search = new URLSearchParams();
    if (merged.packageId) search.set('package', merged.packageId);
    if (merged.q) search.set('q', merged.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, options);
  };
  return { ...state, go };
}

export default function ExportPage() {
  const { packageId, q, page, go } = useExportAddress();
  const list = usePackages({ q, reseller: '', status: '', page });
  const { text, setText, submit } = useSearchText(q, (next, options) => go({ q: next, page: 1 }, options));

  return (
    <AdminLayout title="Eksport" description="Hent en QR-pakkes koder som regneark, trykark, SVG-filer eller filer til lasergravøren.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        {/* On a phone the chosen package's files come first: choosing one is how one gets there. */}
        <div className={cn('min-w-0', packageId ? 'order-first lg:order-none lg:col-start-2 lg:row-start-1' : 'lg:col-start-2 lg:row-start-1')}>
          {packageId ? <Downloads id={packageId} /> : <NoPackageChosen />}
        </div>

        <Panel title="Vælg pakke" className="lg:col-start-1 lg:row-start-1">
          <form role="search" onSubmit={submit}>
            <SearchField id="export-q" value={text} onChange={setText} maxLength={QUERY_MAX} placeholder="Pakkens eller forhandlerens navn" />
          </form>
          <ListResults
            query={list}
            pending="Henter pakker..."
            failed="Pakkerne kunne ikke hentes"
            count={(data) => packageCount(data.total)}
            empty={(data) =>
              data.packages.length > 0 ? null : q ? 'Ingen pakker passer til søgningen.' : data.page > 1 ? 'Der er ikke flere pakker.' : 'Der er ingen QR-pakker endnu.'
            }
            onPage={(next) => go({ page: next })}
          >
            {(data) => (
              <ul className="mt-3 space-y-2">
                {data.packages.map((pkg) => (
                  <li key={pkg.id}>
                    <PackageChoice pkg={pkg} chosen={pkg.id === packageId} onChoose={() => go({ packageId: pkg.id })} />
                  </li>
                ))}
              </ul>
            )}
          </ListResults>
          {list.data && list.data.total === 0 && !q ? (
            <p className="mt-3 text-sm text-muted-foreground">
              Opret en pakke under{' '}
              <Link to="/admin/qr-packages" className="font-semibold text-foreground underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text">
                QR-pakker
              </Link>
              , så kan den eksporteres her.
            </p>
          ) : null}
        </Panel>
      </div>
    </AdminLayout>
  );
}

function PackageChoice({ pkg, chosen, onChoose }: { pkg: QrPackageSummary; chosen: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-pressed={chosen}
      className={cn(
        'flex w-full min-w-0 items-center gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors focus-visible:outline-3 focus-visible:outline-ring',
        chosen ? 'border-gold bg-gold-soft' : 'border-border bg-card hover:bg-secondary/50',
      )}
    >
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words">{pkg.name}</span>
        <span className="mt-0.5 block text-sm text-muted-foreground">
          {pkg.resellerName ?? 'Direkte salg'} · {codeCount(pkg.size)} · {danishDay(pkg.createdAt)}
        </span>
      </span>
      {chosen ? <Check aria-hidden="true" className="size-5 shrink-0 text-gold-text" /> : <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
    </button>
  );
}

function NoPackageChosen() {
  return (
    <Panel title="Filer">
      <p className="rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">Vælg en pakke for at hente dens filer.</p>
    </Panel>
  );
}

function Downloads({ id }: { id: string }) {
  const detail = usePackage(id);
  if (!detail.data) {
    // An old link, or a package id typed by hand: nothing to fetch again.
    const gone = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Panel title="Filer">
        {gone ? (
          <p className="rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">Pakken findes ikke. Vælg en anden i listen.</p>
        ) : (
          <QueryStatus compact query={detail} pending="Henter pakken..." failed="Pakken kunne ikke hentes" />
        )}
      </Panel>
    );
  }

  const pkg = detail.data.package;
  const voided = pkg.counts.void ?? 0;
  const printable = pkg.size - voided;
  const urls = packageExportUrls(pkg.id);
  const plates = Math.ceil(printable / TAGS_PER_PLATE);
  const files: DownloadFile[] = [
    {
      href: urls.csv,
      label: 'Regneark (CSV)',
      about: 'Alle koder med adresse, tilstand og forhandler, også kasserede. Til kontoret og forhandleren; åbner i Excel.',
      icon: <FileSpreadsheet aria-hidden="true" />,
    },
    {
      href: urls.printSheet,
      label: 'Trykark (A4-PDF)',
      about: '24 koder pr. side med skæremærker. Til bagkontorets printer eller trykkeriet; udskriv i 100 %.',
      icon: <Printer aria-hidden="true" />,
    },
    {
      href: urls.svgZip,
      label: 'SVG-filer (ZIP)',
      about: `Én SVG pr. kode, ${PRINT_SYMBOL.symbolMm} mm med koden under. Til trykkeriet, der sætter koderne op selv.`,
      icon: <FileArchive aria-hidden="true" />,
    },
    {
      href: urls.laserPerCode,
      label: 'Laser: én fil pr. kode (ZIP)',
      about: `Mærker på ${LASER_TAG.widthMm} × ${LASER_TAG.heightMm} mm med skærelinje og jobseddel. Til lasergravøren, ét mærke ad gangen.`,
      icon: <Flame aria-hidden="true" />,
    },
    {
      href: urls.laserPlates,
      label: 'Laser: plader (ZIP)',
      about: `${plates === 1 ? '1 plade' : `${plates} plader`} på ${LASER_PLATE.widthMm} × ${LASER_PLATE.heightMm} mm med op til ${TAGS_PER_PLATE} mærker og jobseddel. Til lasergravøren, en hel plade ad gangen.`,
      icon: <LayoutGrid aria-hidden="true" />,
    },
  ];

  return (
    <Panel title={`Filer til “${pkg.name}”`}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span>{pkg.resellerName ?? 'Direkte salg'}</span>
        <span aria-hidden="true">·</span>
        <span>{codeCount(pkg.size)}</span>
        <QrStateBadge status={pkg.status} />
        <Link to={`/admin/qr-packages/${pkg.id}`} className="font-semibold text-foreground underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text">
          Se pakken
        </Link>
      </p>
      {voided > 0 ? (
        <p className="mt-3 rounded-lg bg-secondary px-3 py-2 text-sm">
          {codeCount(voided)} er kasseret{voided === 1 ? '' : 'e'} og kommer ikke med i tryk- og laserfilerne ({codeCount(printable)} gør). Regnearket viser dem med deres tilstand.
        </p>
      ) : null}
      <DownloadList files={files} />
    </Panel>
  );
}
