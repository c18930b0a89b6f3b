/**
 * A package's codes by state: one bar in the states' colours, and under it each state present with
 * its count, so the numbers are read as text (the bar is only a picture of them).
 */
import { cn } from '@/client/lib/cn';
import type { QrStateCounts } from '@/shared/production';
import { QR_STATUSES } from '@/shared/qr-lifecycle';
import { danishNumber } from '../people/format';
import { STATE_SWATCHES } from './badges';
import { stateLabel } from './format';

export function StateBar({ counts, compact = false }: { counts: QrStateCounts; compact?: boolean }) {
  const present = QR_STATUSES.filter((status) => counts[status] > 0);
  const total = present.reduce((sum, status) => sum + counts[status], 0);
  if (total === 0) return <p className="text-sm text-muted-foreground">Ingen koder.</p>;
  return (
    <div className={compact ? 'space-y-1.5' : 'space-y-3'}>
      <div aria-hidden="true" className={cn('flex w-full overflow-hidden rounded-full bg-secondary', compact ? 'h-2' : 'h-3')}>
        {present.map((status) => (
          <span key={status} className={cn('h-full', STATE_SWATCHES[status])} style={{ width: `${(counts[status] / total) * 100}%` }} />
        ))}
      </div>
      <ul className={cn('flex flex-wrap gap-x-4 gap-y-1', compact ? 'text-xs' : 'text-sm')}>
        {present.map((status) => (
          <li key={status} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-2.5 rounded-full', STATE_SWATCHES[status])} />
            <span className="text-muted-foreground">{stateLabel(status)}</span>
            <span className="font-semibold tabular-nums">{danishNumber(counts[status])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
