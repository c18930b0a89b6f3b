/**
 * A relative as a small card: photo, name, years and what they are to the person in focus
 * ("Gift", "Halvbror"). The whole card is one link to the same page centred on them, so the back
 * button goes back to whom one came from and the address can be sent to someone.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TreePerson } from '@/shared/family-tree-api';
import { PersonPhoto } from './PersonPhoto';
import { personName, years } from './words';

export const personSearch = (person: string, rootId: string) => (person === rootId ? '' : `?person=${encodeURIComponent(person)}`);

export function RelativeCard({ person, rootId, mark, children }: { person: TreePerson; rootId: string; mark?: string; children?: ReactNode }) {
  const shownYears = person.restricted ? '' : years(person);
  return (
    <li className="flex flex-col rounded-xl border border-border bg-card shadow-xs">
      <Link
        to={{ search: personSearch(person.id, rootId) }}
        className="flex min-h-20 items-center gap-4 rounded-xl px-4 py-3 text-left hover:bg-secondary/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <PersonPhoto person={person} size={56} decorative />
        <span className="min-w-0 flex-1">
          <span className="block font-serif text-xl leading-snug break-words">{personName(person)}</span>
          {shownYears || mark ? (
            <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-base text-muted-foreground">
              {shownYears ? <span>{shownYears}</span> : null}
              {mark ? <span className="rounded-full border border-gold/50 bg-gold-soft/70 px-2.5 py-0.5 text-sm font-semibold text-foreground">{mark}</span> : null}
            </span>
          ) : null}
          {person.restricted ? <span className="mt-0.5 block text-sm text-muted-foreground">Kun fornavn vises</span> : null}
        </span>
      </Link>
      {children ? <div className="flex flex-wrap gap-2 border-t border-border/70 px-3 py-2">{children}</div> : null}
    </li>
  );
}
