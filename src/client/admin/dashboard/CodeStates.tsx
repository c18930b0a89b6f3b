/**
 * The QR codes by lifecycle state, in the order a code lives them: a row each with its count and
 * a bar against the largest, so where codes pile up (made but not produced, sent but not sold)
 * shows at once. Rows rather than one stacked bar: seven colours side by side do not read.
 */
import { QR_STATUSES, QR_STATUS_LABELS, type QrStatus } from '@/shared/qr-lifecycle';

/** The family's words say "your account"; staff read about someone else's. */
const LABELS: Record<QrStatus, string> = { ...QR_STATUS_LABELS, claimed: 'Låst til en konto' };

const number = new Intl.NumberFormat('da-DK');

export function CodeStates({ byStatus }: { byStatus: Record<QrStatus, number> }) {
  const total = QR_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  const largest = Math.max(1, ...QR_STATUSES.map((status) => byStatus[status]));
  if (total === 0) return <p className="text-muted-foreground">Der er ingen QR-koder endnu.</p>;

  return (
    <div>
      <p className="text-muted-foreground">
        <span className="font-serif text-2xl text-foreground tabular-nums">{number.format(total)}</span> i alt
      </p>
      <dl className="mt-3 space-y-2.5">
        {QR_STATUSES.map((status) => (
          <div key={status} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
            <dt className="min-w-0 truncate text-sm">{LABELS[status]}</dt>
            <dd className="text-right font-semibold tabular-nums">{number.format(byStatus[status])}</dd>
            <div className="col-span-2 mt-1 h-1.5 rounded-full bg-secondary" aria-hidden="true">
              <div
                className={status === 'void' ? 'h-full rounded-full bg-muted-foreground/60' : 'h-full rounded-full bg-chart-2'}
                style={{ width: `${byStatus[status] === 0 ? 0 : Math.max(1.5, (byStatus[status] / largest) * 100)}%` }}
              />
            </div>
          </div>
        ))}
      </dl>
    </div>
  );
}
