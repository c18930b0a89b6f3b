/**
 * What a refunded order made: still the family's to show, take off or delete (it may be on the
 * memorial page); nothing more is made with it.
 */
import type { ReactNode } from 'react';
import type { AiWorkKind } from '@/shared/ai';
import type { AiOrder, Generation } from '@/shared/ai-api';
import { Notice } from '@/client/components/ui/notice';
import { REFUNDED_NOTE } from './words';

export function RefundedOrder({ order, kind, label, children }: { order: AiOrder; kind: AiWorkKind; label: string; children: (generation: Generation) => ReactNode }) {
  const made = order.generations.filter((generation) => generation.kind === kind && generation.result !== null);
  return (
    <section aria-label={label} className="space-y-6">
      <Notice>{REFUNDED_NOTE}</Notice>
      <ul className="space-y-8">
        {made.map((generation) => (
          <li key={generation.id}>{children(generation)}</li>
        ))}
      </ul>
    </section>
  );
}
