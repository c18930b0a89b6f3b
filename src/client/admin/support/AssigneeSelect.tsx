/**
 * Who has the thread: a plain select of the support desk (a native control, quick on a tablet),
 * and "Tag sagen" for the person reading it. A change is saved at once; the toast confirms it.
 */
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';
import type { SupportThread } from '@/shared/support';

const NO_ONE = '';

interface AssigneeSelectProps {
  thread: SupportThread;
  me: string | undefined;
  pending: boolean;
  onChange: (userId: string | null) => void;
}

export function AssigneeSelect({ thread, me, pending, onChange }: AssigneeSelectProps) {
  const id = useId();
  const current = thread.assignee;
  // Someone whose account has since been closed still has the thread until it is given on.
  const people = current && !thread.assignable.some((p) => p.id === current.id) ? [current, ...thread.assignable] : thread.assignable;
  const canTake = me !== undefined && current?.id !== me && thread.assignable.some((p) => p.id === me);

  return (
    <div className="space-y-2">
      <Label htmlFor={id} className="text-sm text-muted-foreground">
        Ansvarlig
      </Label>
      <select
        id={id}
        value={current?.id ?? NO_ONE}
        disabled={pending}
        onChange={(event) => onChange(event.target.value === NO_ONE ? null : event.target.value)}
        className={cn(inputClass, 'min-h-11 px-3 py-2')}
      >
        <option value={NO_ONE}>Ingen ansvarlig</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.id === me ? `${person.fullName} (dig)` : person.fullName}
          </option>
        ))}
      </select>
      {canTake ? (
        <Button variant="quiet" size="sm" className="w-full" onClick={() => onChange(me)} disabled={pending}>
          Tag sagen
        </Button>
      ) : null}
    </div>
  );
}
