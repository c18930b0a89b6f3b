/** Which memorial an order is for: a plain list box, large enough for a finger, with its message under it. */
import type { Ref } from 'react';
import { FieldFrame, useFieldIds } from '@/client/components/ui/field';
import { inputClass } from '@/client/components/ui/input';
import { cn } from '@/client/lib/cn';
import type { PremiumMemorial } from './use-money';

interface MemorialSelectProps {
  memorials: PremiumMemorial[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  ref: Ref<HTMLSelectElement>;
  error?: string;
}

export function MemorialSelect({ memorials, value, onChange, onBlur, name, ref, error }: MemorialSelectProps) {
  const ids = useFieldIds(undefined, error);
  return (
    <FieldFrame ids={ids} label="Mindeside" error={error}>
      <select
        id={ids.id}
        ref={ref}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClass, 'cursor-pointer')}
      >
        <option value="">Vælg mindeside</option>
        {memorials.map((memorial) => (
          <option key={memorial.memorialId} value={memorial.memorialId}>
            {memorial.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
