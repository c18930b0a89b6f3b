/**
 * The last hour minute by minute: requests with their server errors drawn over them (an error is
 * one of the requests, so the red part of a bar is the share that failed), and the p95 response
 * time. Only the minutes this server has lived: the minutes before it started are not quiet ones.
 */
import { useMemo } from 'react';
import type { PerformanceSnapshot } from '@/shared/performance';
import { TimeChart } from '../charts/TimeChart';
import { formatMs } from './figures-format';

export function MinuteCharts({ snapshot }: { snapshot: PerformanceSnapshot }) {
  const { minutes, windowMinutes } = snapshot;
  const lived = useMemo(() => minutes.slice(-Math.max(1, windowMinutes)), [minutes, windowMinutes]);
  const x = useMemo(() => ({ seconds: lived.map((m) => Date.parse(m.at) / 1000) }), [lived]);
  const traffic = useMemo(
    () => [
      { label: 'Forespørgsler', values: lived.map((m) => m.requests), colour: 'chart-2' as const },
      { label: 'Serverfejl', values: lived.map((m) => m.errors), colour: 'destructive' as const },
    ],
    [lived],
  );
  const latency = useMemo(() => [{ label: 'Svartid p95', values: lived.map((m) => m.p95Ms), colour: 'chart-1' as const }], [lived]);

  return (
    <div className="grid gap-x-8 gap-y-6 xl:grid-cols-2">
      <section aria-labelledby="traffic-heading" className="min-w-0">
        <h3 id="traffic-heading" className="text-lg">
          Forespørgsler pr. minut
        </h3>
        <TimeChart x={x} series={traffic} bars height={200} />
      </section>
      <section aria-labelledby="latency-heading" className="min-w-0">
        <h3 id="latency-heading" className="text-lg">
          Svartid pr. minut (p95)
        </h3>
        <TimeChart x={x} series={latency} total={false} formatValue={formatMs} height={200} />
      </section>
    </div>
  );
}
