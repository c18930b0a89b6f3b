/**
 * One part of the edit page: a card with its heading and, for the parts saved as a whole, a save
 * row that says whether there is anything left to save. Leaving the page with unsaved changes
 * asks first (the browser's own question: the only one it allows on closing a tab).
 */
import { useEffect, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

export function EditSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl border border-border bg-card/90 px-5 py-7 shadow-sm sm:px-8 sm:py-9">
      <h2 id={`${id}-title`} className="text-2xl sm:text-3xl">
        {title}
      </h2>
      {description ? <div className="mt-2 text-muted-foreground">{description}</div> : null}
      <div className="mt-7">{children}</div>
    </section>
  );
}

interface SaveRowProps {
  dirty: boolean;
  pending: boolean;
  /** True right after this part was saved, until it is changed again. */
  saved: boolean;
  label?: string;
}

/** The submit button of a part, with its state in words next to it (announced politely). */
export function SaveRow({ dirty, pending, saved, label = 'Gem ændringer' }: SaveRowProps) {
  useLeaveGuard(dirty);
  return (
    <div className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-3 border-t border-border pt-6">
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {pending ? 'Gemmer...' : label}
      </Button>
      <p aria-live="polite" className="text-muted-foreground">
        {pending ? null : dirty ? (
          'Du har ændringer, der ikke er gemt.'
        ) : saved ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-gold-text">
            <Check className="size-5" aria-hidden="true" />
            Gemt
          </span>
        ) : null}
      </p>
    </div>
  );
}

function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
