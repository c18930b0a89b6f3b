/**
 * The close family of the person in focus, in the order one tells it: parents, partners,
 * siblings, children. For the family, a partner's card can change how the two are joined, and a
 * partner or a child can be taken out of the relation (not out of the tree); each can be undone.
 */
import { Unlink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { PARTNERSHIPS, PARTNERSHIP_NAMES, type Partnership } from '@/shared/family-tree';
import type { CloseFamily } from '@/shared/family-tree-api';
import { treeCalls } from './api';
import { runChange } from './changes';
import { RelativeCard } from './RelativeCard';
import { halfSiblingWord, personName } from './words';

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">{children}</ul>
    </section>
  );
}

export function RelativeGroups({ memorial, close, editable }: { memorial: string; close: CloseFamily; editable: boolean }) {
  const queryClient = useQueryClient();
  const calls = treeCalls(memorial);
  const focus = close.person;
  const focusName = personName(focus);
  const { rootId } = close;

  const unlink = (kind: 'child' | 'partner', familyId: string, personId: string, name: string, partnership?: Partnership) =>
    runChange(queryClient, memorial, {
      call: () => calls.unlink({ kind, familyId, personId }),
      done: kind === 'child' ? `${name} er ikke længere barn af ${focusName}` : `${name} er ikke længere partner til ${focusName}`,
      undo: () => ({
        undone: kind === 'child' ? `${name} er igen barn af ${focusName}` : `${name} er igen partner til ${focusName}`,
        run: () => calls.link({ kind, of: focus.id, personId, familyId, ...(partnership ? { partnership } : {}) }),
      }),
    });

  const changePartnership = (familyId: string, name: string, from: Partnership, to: Partnership) =>
    runChange(queryClient, memorial, {
      call: () => calls.changeFamily(familyId, to),
      done: `${focusName} og ${name}: ${PARTNERSHIP_NAMES[to].toLowerCase()}`,
      undo: () => ({ undone: `${focusName} og ${name}: ${PARTNERSHIP_NAMES[from].toLowerCase()} igen`, run: () => calls.changeFamily(familyId, from) }),
    });

  return (
    <div className="space-y-10">
      {close.parents.length ? (
        <Group id="foraeldre" title="Forældre">
          {close.parents.map((parent) => (
            <RelativeCard key={parent.id} person={parent} rootId={rootId} />
          ))}
        </Group>
      ) : null}
      {close.partners.length ? (
        <Group id="partnere" title="Partnere">
          {close.partners.map((partner) => {
            const name = personName(partner);
            return (
              <RelativeCard key={`${partner.familyId}-${partner.id}`} person={partner} rootId={rootId} mark={PARTNERSHIP_NAMES[partner.partnership]}>
                {editable ? (
                  <>
                    <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
                      <span className="sr-only">Forholdet mellem {focusName} og {name}</span>
                      <select
                        value={partner.partnership}
                        onChange={(event) => void changePartnership(partner.familyId, name, partner.partnership, event.target.value as Partnership)}
                        className="min-h-11 rounded-md border border-input bg-card px-3 text-base text-foreground"
                      >
                        {PARTNERSHIPS.map((value) => (
                          <option key={value} value={value}>
                            {PARTNERSHIP_NAMES[value]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <Button size="sm" variant="quiet" onClick={() => void unlink('partner', partner.familyId, partner.id, name, partner.partnership)}>
                      <Unlink aria-hidden="true" />
                      Fjern som partner<span className="sr-only"> til {focusName}</span>
                    </Button>
                  </>
                ) : null}
              </RelativeCard>
            );
          })}
        </Group>
      ) : null}
      {close.siblings.length ? (
        <Group id="soeskende" title="Søskende">
          {close.siblings.map((sibling) => (
            <RelativeCard key={sibling.id} person={sibling} rootId={rootId} mark={sibling.half ? halfSiblingWord(sibling.sex) : undefined} />
          ))}
        </Group>
      ) : null}
      {close.children.length ? (
        <Group id="boern" title="Børn">
          {close.children.map((child) => {
            const name = personName(child);
            // With children by more than one partner, each child says whose they are.
            const other = close.partners.length > 1 ? close.partners.find((partner) => partner.familyId === child.familyId) : undefined;
            return (
              <RelativeCard key={`${child.familyId}-${child.id}`} person={child} rootId={rootId} mark={other ? `Med ${other.givenNames || personName(other)}` : undefined}>
                {editable ? (
                  <Button size="sm" variant="quiet" onClick={() => void unlink('child', child.familyId, child.id, name)}>
                    <Unlink aria-hidden="true" />
                    Fjern som barn<span className="sr-only"> af {focusName}</span>
                  </Button>
                ) : null}
              </RelativeCard>
            );
          })}
        </Group>
      ) : null}
    </div>
  );
}
