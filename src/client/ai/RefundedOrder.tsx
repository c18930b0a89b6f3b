/**
 * What a refunded order made: still the family's to show, take off or delete (it may be on the
 * memorial page); nothing more is made with it.
 */
import type { ComponentType } from 'react';
import { Notice } from '@/client/components/ui/notice';
import { useAiCalls } from './api';
import { type ExtraPage, type OrderProps, type ResultProps, REFUNDED_NOTE, orderLabel } from './words';

export function RefundedOrder({ page, idOrSlug, overview, order, Result }: OrderProps & { page: ExtraPage; Result: ComponentType<ResultProps> }) {
  const calls = useAiCalls(idOrSlug, overview.memorial.id);
  const made = order.generations.filter((generation) => generation.kind === page && generation.result !== null);
  return (
    <section aria-label={orderLabel(page, order.number)} className="space-y-6">
      <Notice>{REFUNDED_NOTE}</Notice>
      <ul className="space-y-8">
        {made.map((generation) => (
          <li key={generation.id}>
            <Result generation={generation} calls={calls} triesLeft={0} onDeleted={() => undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}
