import { Check } from 'lucide-react';
import type { Plan } from '@/shared/pricing';
import { cn } from '@/client/lib/cn';
import { planPrice } from './plan-price';

/** One plan: name, price, what it is for and what it holds. The highlighted one is framed in gold. */
export function PlanCard({ plan }: { plan: Plan }) {
  const price = planPrice(plan);
  const headingId = `plan-${plan.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex w-full flex-col rounded-xl border bg-card p-7 sm:p-8',
        plan.highlighted
          ? 'border-gold shadow-[0_18px_40px_-18px_rgba(120,80,20,0.45)] ring-1 ring-gold dark:shadow-[0_18px_40px_-18px_rgba(0,0,0,0.8)]'
          : 'border-border shadow-[0_1px_2px_rgba(60,40,20,0.05)]',
      )}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3.5 left-7 rounded-full bg-gold-soft px-3 py-0.5 text-sm font-semibold text-gold-text ring-1 ring-gold/60">
          Anbefalet
        </p>
      ) : null}
      <h2 id={headingId} className="text-2xl">
        {plan.name}
      </h2>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="font-serif text-4xl font-medium text-foreground">{price.amount}</span>
        {price.interval ? <span className="text-base text-muted-foreground">{price.interval}</span> : null}
      </p>
      {plan.description ? <p className="mt-4 text-muted-foreground">{plan.description}</p> : null}
      {plan.features.length ? (
        <ul className="mt-6 space-y-3 border-t border-border pt-6">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check className="mt-1 size-5 shrink-0 text-gold-text" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
