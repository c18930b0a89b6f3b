/**
 * "Overblik": how many codes stand where (on the way, received, given, in use, linked), the
 * packages they came in, buying more (an approved reseller), and the details the reseller is
 * registered with.
 */
import { Link } from 'react-router';
import { ArrowRight, Package } from 'lucide-react';
import { QR_STATUS_LABELS, type QrPackageStatus } from '@/shared/qr-lifecycle';
import { RESELLER_CODE_STATE_LABELS, RESELLER_CODE_STATES, type ResellerOverview } from '@/shared/resellers-api';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { cn } from '@/client/lib/cn';
import { QrPackagesSection } from '@/client/money/QrPackagesSection';
import { ApplicationDetails } from './DashboardStates';
import { codeCount, danishDay, danishNumber } from './format';

/** A package's status as the reseller reads it: "sent to the reseller" is sent to them. */
const PACKAGE_LABELS: Record<QrPackageStatus, string> = { ...QR_STATUS_LABELS, shipped: 'Sendt til jer' };

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export function OverviewSection({ overview }: { overview: ResellerOverview }) {
  const { counts, total, packages, reseller } = overview;
  // Discarded codes are only mentioned when there are any.
  const states = RESELLER_CODE_STATES.filter((state) => state !== 'void' || (counts[state] ?? 0) > 0);
  const ready = counts.shipped ?? 0;

  return (
    <div className="space-y-10">
      <section aria-labelledby="overblik-koder">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <h2 id="overblik-koder" className="text-2xl sm:text-3xl">
            Jeres koder
          </h2>
          <p className="text-muted-foreground">{total === 0 ? 'Ingen koder endnu' : `${codeCount(total)} i alt`}</p>
        </div>
        <dl className={cn('mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3', states.length === 6 ? 'lg:grid-cols-6' : 'lg:grid-cols-5')}>
          {states.map((state) => (
            <div key={state} className="flex flex-col-reverse justify-end rounded-xl border border-border bg-card px-4 py-4 shadow-xs">
              <dt className="mt-1 text-sm font-semibold text-muted-foreground">{RESELLER_CODE_STATE_LABELS[state]}</dt>
              <dd className="font-serif text-3xl tabular-nums sm:text-4xl">{danishNumber(counts[state] ?? 0)}</dd>
            </div>
          ))}
        </dl>
        {reseller.status === 'approved' && ready > 0 ? (
          <Notice className="mt-6">
            I har {codeCount(ready)} klar til at give videre til familier.{' '}
            <Link to="/reseller-dashboard?tab=koder&state=shipped" className={linkClass}>
              Se dem under Koder
            </Link>
            .
          </Notice>
        ) : null}
        {total > 0 ? (
          <Button asChild variant="secondary" className="mt-6 w-full sm:w-auto">
            <Link to="/reseller-dashboard?tab=koder">
              Se alle koder
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </section>

      <section aria-labelledby="overblik-pakker">
        <h2 id="overblik-pakker" className="text-2xl sm:text-3xl">
          Pakker
        </h2>
        {packages.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-border px-5 py-10 text-center">
            <p className="font-serif text-xl">Ingen pakker endnu</p>
            <p className="mx-auto mt-2 max-w-md text-muted-foreground">
              Når vi sender jer en pakke med QR-koder, står den her, og koderne kommer under Koder.
              {reseller.status === 'approved' ? (
                ' I bestiller pakker under Køb QR-pakker herunder.'
              ) : (
                <>
                  {' '}Vil I bestille, så{' '}
                  <Link to="/contact" className={linkClass}>
                    skriv til os
                  </Link>
                  .
                </>
              )}
            </p>
          </div>
        ) : (
          <ul className="mt-6 divide-y divide-border rounded-xl border border-border bg-card">
            {packages.map((pack) => (
              <li key={pack.id} className="flex items-start gap-3 px-4 py-4 sm:px-5">
                <Package className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
                <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{pack.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {codeCount(pack.size)} · {danishDay(pack.createdAt)}
                    </p>
                  </div>
                  <span className="rounded-full border border-border px-2.5 text-sm leading-6 whitespace-nowrap">{PACKAGE_LABELS[pack.status]}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {reseller.status === 'approved' ? <QrPackagesSection reseller={reseller} /> : null}

      <ApplicationDetails reseller={reseller} title="Jeres oplysninger" />
    </div>
  );
}
