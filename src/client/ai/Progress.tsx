/**
 * What is under way, calmly: waiting for its turn, or being made (a few minutes, and the page may
 * be closed). The sentence itself is read out by the order's live region (OrderStatus), once per
 * change, not by this box.
 */
import { Hourglass, Sparkles } from 'lucide-react';
import type { Generation } from '@/shared/ai-api';
import { progressText } from './words';

export function Progress({ generation, title }: { generation: Generation; title: string }) {
  const running = generation.status === 'running';
  const Icon = running ? Sparkles : Hourglass;
  return (
    <div className="flex items-start gap-4 rounded-2xl border border-gold/40 bg-gold-soft/50 px-5 py-6 sm:px-7">
      <Icon className="mt-1 size-8 shrink-0 animate-pulse text-gold-text motion-reduce:animate-none" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-serif text-2xl">{title}</p>
        <p className="mt-2 text-lg">{progressText(generation)}</p>
        <div aria-hidden="true" className="mt-4 h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-card">
          <div className={`h-full rounded-full bg-gold ${running ? 'w-2/3 animate-pulse motion-reduce:animate-none' : 'w-1/6'}`} />
        </div>
      </div>
    </div>
  );
}

/**
 * The order's one polite live region: it is always there, so a screen reader hears each change
 * ("Venter på at komme til", "I gang …", "Hilsenen er færdig") and nothing else.
 */
export function OrderStatus({ text }: { text: string }) {
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {text}
    </p>
  );
}
