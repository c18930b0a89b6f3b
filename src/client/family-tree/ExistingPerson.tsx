/**
 * "En, der allerede er i stamtræet": in the form that adds a parent, partner or child, the family
 * may choose someone the tree already holds instead of writing a new person. So a father added
 * on his own, or a child added to the mother alone, can be joined to the family where they
 * belong, and full siblings are not shown as half-siblings. A plain select: large, and read the
 * same by every screen reader.
 */
import { FieldFrame, useFieldIds } from '@/client/components/ui/field';
import { inputClass } from '@/client/components/ui/input';
import { Notice } from '@/client/components/ui/notice';
import { cn } from '@/client/lib/cn';
import { errorMessage } from '@/client/lib/request';
import type { CloseFamily } from '@/shared/family-tree-api';
import { useWholeTree } from './api';
import { personName, years } from './words';

/** Who may be chosen: not the person themself, nor anyone already in that place. */
function taken(kind: 'parent' | 'child' | 'partner', close: CloseFamily): Set<string> {
  const already = kind === 'parent' ? close.parents : kind === 'child' ? close.children : close.partners;
  return new Set([close.person.id, ...already.map((person) => person.id)]);
}

export function ExistingPerson({ memorial, kind, close, value, onChange, error }: { memorial: string; kind: 'parent' | 'child' | 'partner'; close: CloseFamily; value: string; onChange: (id: string) => void; error?: string }) {
  const ids = useFieldIds(undefined, error);
  const tree = useWholeTree(memorial);
  if (tree.isError) return <Notice tone="problem">{errorMessage(tree.error)}</Notice>;
  const out = taken(kind, close);
  const people = (tree.data?.people ?? [])
    .filter((person) => !out.has(person.id))
    .map((person) => ({ id: person.id, label: [personName(person), years(person)].filter(Boolean).join(', ') }))
    .sort((a, b) => a.label.localeCompare(b.label, 'da'));
  if (tree.data && !people.length) return <Notice>Der er ingen andre i stamtræet at vælge. Tilføj i stedet en ny person.</Notice>;
  // The list box is there from the start, so a message about it (nobody chosen) has its place
  // even while the tree's people are still on their way.
  return (
    <FieldFrame ids={ids} label="Vælg person" error={error}>
      <select
        id={ids.id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={!tree.data}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClass, 'cursor-pointer')}
      >
        <option value="">{tree.data ? 'Vælg ...' : 'Henter stamtræets personer...'}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
