/**
 * The person the page is about right now, large: photo, name, the years, where they were born and
 * died, the family's note, and the way to their own memorial. A living person a visitor may not
 * see shows only the first name, and says why. The family's buttons come in as `children`.
 */
import { forwardRef, type ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/client/components/ui/button';
import type { TreePerson } from '@/shared/family-tree-api';
import { PersonPhoto } from './PersonPhoto';
import { RESTRICTED_TEXT, lifeLines, personName, years } from './words';

export const FocusCard = forwardRef<HTMLHeadingElement, { person: TreePerson; children?: ReactNode }>(function FocusCard({ person, children }, headingRef) {
  const name = personName(person);
  const lines = lifeLines(person);
  return (
    <section aria-labelledby="valgt-person" className="rounded-2xl border border-border bg-card/90 px-5 py-7 text-center shadow-sm sm:px-10 sm:py-9">
      <PersonPhoto person={person} size={128} className="mx-auto shadow-md" />
      <h2 id="valgt-person" ref={headingRef} tabIndex={-1} className="mt-5 text-3xl leading-tight break-words outline-none sm:text-4xl">
        {name}
      </h2>
      {person.restricted ? (
        <p className="mx-auto mt-3 max-w-sm text-muted-foreground">{RESTRICTED_TEXT} Familien kan vælge at vise mere.</p>
      ) : (
        <>
          {years(person) ? <p className="mt-2 font-serif text-xl text-muted-foreground">{years(person)}</p> : null}
          {lines.length ? (
            <ul className="mt-4 space-y-1 text-lg">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {person.note ? <p className="mx-auto mt-5 max-w-prose text-left font-serif text-lg leading-relaxed whitespace-pre-line sm:text-center">{person.note}</p> : null}
        </>
      )}
      {person.linkedMemorial ? (
        <Link to={`/memorial/${encodeURIComponent(person.linkedMemorial.slug)}`} className={buttonClass('primary', 'lg', 'mt-6 w-full sm:w-auto')}>
          Gå til mindesiden
          <span className="sr-only"> om {person.linkedMemorial.name}</span>
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : null}
      {children}
    </section>
  );
});
