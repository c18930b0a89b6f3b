/**
 * The animated greeting the family chose to show (ai/, decision 0033), in either layout: the film
 * of the portrait, still until the visitor presses play (never by itself, and it fetches nothing
 * before: preload="none"), its captions on, and the message written under it: the portrait never
 * speaks, the words are text. Marked "Skabt med AI", as everything made with AI is.
 * Drawn by the server on a visitor's page too (docs/decisions/0009): nothing here reads the browser.
 */
import { Sparkles } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { MADE_WITH_AI } from '@/shared/ai';
import type { Memorial } from '@/shared/memorials';

export function MemorialGreeting({ memorial, headingClassName, centered = false }: { memorial: Memorial; headingClassName?: string; centered?: boolean }) {
  const { greeting } = memorial;
  if (!greeting) return null;
  return (
    <section aria-labelledby="hilsen" className={cn(centered && 'text-center')}>
      <h2 id="hilsen" className={headingClassName}>
        En hilsen
      </h2>
      <figure className={cn('mt-6 max-w-md', centered && 'mx-auto')}>
        <div className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
          <video
            controls
            preload="none"
            playsInline
            poster={greeting.posterUrl ?? undefined}
            className="aspect-square w-full bg-black object-contain"
            aria-label={`Animeret portræt af ${memorial.name}`}
          >
            <source src={greeting.videoUrl} type={greeting.mime} />
            <track kind="captions" srcLang="da" label="Dansk" src={greeting.captionsUrl} default />
          </video>
        </div>
        <figcaption className="mt-4">
          <p className="font-serif text-2xl leading-snug break-words whitespace-pre-line">{greeting.message}</p>
          <p className={cn('mt-3 inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-0.5 text-sm font-semibold text-muted-foreground dark:text-foreground/80')}>
            <Sparkles className="size-4" aria-hidden="true" />
            {MADE_WITH_AI}
          </p>
        </figcaption>
      </figure>
    </section>
  );
}
