/**
 * "Familie" on the memorial page (both layouts): the memorial's own person's close family as
 * small cards, and the way to the whole tree. Asked for only when the memorial has Premium or the
 * reader is of the family: without Premium a visitor would get a 404 for nothing.
 *
 * A visitor's page is drawn by the server, which does not know the tree: there, and until the page
 * comes alive (decision 0012), the section is its heading and the link, which work as plain HTML;
 * the cards follow once the close family has come. A tree with nobody but the memorial's own
 * person is not shown to visitors; the family gets an invitation to build it instead.
 */
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/request';
import { FAMILY_TREE_MESSAGES, type Partnership, type Sex } from '@/shared/family-tree';
import type { CloseFamily, TreePerson } from '@/shared/family-tree-api';
import type { Memorial } from '@/shared/memorials';
import { SUBSCRIPTION_PATH } from '@/shared/premium';
import { useCloseFamily } from './api';
import { PersonPhoto } from './PersonPhoto';
import { personName, possessive, years } from './words';

const bySex = (sex: Sex, female: string, male: string, other: string) => (sex === 'female' ? female : sex === 'male' ? male : other);
const partnerWord = (sex: Sex, partnership: Partnership) =>
  partnership === 'partners' ? 'Samlever' : partnership === 'divorced' ? bySex(sex, 'Tidligere hustru', 'Tidligere mand', 'Tidligere ægtefælle') : bySex(sex, 'Hustru', 'Mand', 'Ægtefælle');

/** Everyone close, each with what they were to the memorial's person: "Mor", "Hustru", "Halvbror", "Søn". */
function relatives(close: CloseFamily): { person: TreePerson; word: string }[] {
  return [
    ...close.parents.map((person) => ({ person, word: bySex(person.sex, 'Mor', 'Far', 'Forælder') })),
    ...close.partners.map((person) => ({ person, word: partnerWord(person.sex, person.partnership) })),
    ...close.siblings.map((person) => ({ person, word: person.half ? bySex(person.sex, 'Halvsøster', 'Halvbror', 'Halvsøskende') : bySex(person.sex, 'Søster', 'Bror', 'Søskende') })),
    ...close.children.map((person) => ({ person, word: bySex(person.sex, 'Datter', 'Søn', 'Barn') })),
  ];
}

export function FamilySection({ memorial }: { memorial: Memorial }) {
  const { canEdit } = memorial.viewer;
  const wanted = memorial.premium || canEdit;
  const close = useCloseFamily(memorial.slug, null, wanted);
  if (!wanted || (close.error instanceof ApiError && close.error.status === 404)) return null;
  const treeAddress = `/family-tree/${encodeURIComponent(memorial.slug)}`;
  const family = close.data ? relatives(close.data) : null;
  if (family && !family.length && !canEdit) return null;

  return (
    <section aria-labelledby="familie" className="mb-16 rounded-2xl border border-border bg-card/85 px-5 py-9 shadow-sm sm:px-10">
      <h2 id="familie" className="text-center text-3xl">
        Familie
      </h2>
      {family && !family.length ? (
        <p className="mx-auto mt-3 max-w-md text-center text-muted-foreground">
          Byg {possessive(memorial.name)} stamtræ: begynd med forældre, partner og børn, eller hent et stamtræ ind fra et andet slægtsprogram.
        </p>
      ) : (
        <p className="mx-auto mt-3 max-w-md text-center text-muted-foreground">{possessive(memorial.name)} nærmeste familie og slægten bag.</p>
      )}
      {canEdit && !memorial.premium ? <p className="mx-auto mt-3 max-w-md text-center text-sm text-muted-foreground">{FAMILY_TREE_MESSAGES.premium}</p> : null}
      {family?.length ? (
        <ul className="mt-7 grid gap-3 sm:grid-cols-2">
          {family.map(({ person, word }) => (
            <li key={`${word}-${person.id}`}>
              <Link
                to={`${treeAddress}?person=${encodeURIComponent(person.id)}`}
                className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-card px-3 py-2.5 hover:bg-secondary/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <PersonPhoto person={person} size={44} decorative />
                <span className="min-w-0">
                  <span className="block font-serif text-lg leading-snug break-words">{personName(person)}</span>
                  <span className="block text-sm text-muted-foreground">{[word, person.restricted ? '' : years(person)].filter(Boolean).join(' · ')}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-7 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <Link to={treeAddress} className={buttonClass(family && !family.length ? 'primary' : 'secondary', 'md')}>
          {family && !family.length ? 'Begynd på stamtræet' : 'Se stamtræet'}
          <ArrowRight aria-hidden="true" />
        </Link>
        {canEdit && !memorial.premium ? (
          <Link to={SUBSCRIPTION_PATH} className={buttonClass('link', 'md')}>
            Se Premium
          </Link>
        ) : null}
      </div>
    </section>
  );
}
