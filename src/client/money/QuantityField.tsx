/**
 * How many, between min and max: − and + buttons as large as the field, and the number typed in
 * between (a phone opens its number pad). The buttons stay in the tab order at the ends of the
 * range (aria-disabled, not disabled), so focus is not lost when the last press reaches the end.
 */
import type { Ref } from 'react';
import { Minus, Plus } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { FieldFrame, useFieldIds } from '@/client/components/ui/field';
import { inputClass } from '@/client/components/ui/input';
import { cn } from '@/client/lib/cn';

interface QuantityFieldProps {
  label: string;
  hint?: string;
  /** NaN while the field is empty or not a number, so the form's rule can say so. */
  value: number;
  onChange: (value: number) => void;
  onBlur: () => void;
  name: string;
  ref: Ref<HTMLInputElement>;
  min: number;
  max: number;
  error?: string;
}

export function QuantityField({ label, hint, value, onChange, onBlur, name, ref, min, max, error }: QuantityFieldProps) {
  const ids = useFieldIds(hint, error);
  const known = Number.isInteger(value);
  const canLess = known && value > min;
  const canMore = !known || value < max;
  const step = (by: number) => onChange(known ? Math.min(max, Math.max(min, value + by)) : min);

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <div className="flex items-stretch gap-2">
        <Button
          variant="secondary"
          size="icon"
          className="h-auto! w-13! self-stretch"
          aria-label="Én færre"
          aria-controls={ids.id}
          aria-disabled={canLess ? undefined : true}
          onClick={() => canLess && step(-1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={ids.id}
          ref={ref}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={String(max).length}
          value={known ? String(value) : ''}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            onChange(digits === '' ? Number.NaN : Number(digits));
          }}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(inputClass, 'w-20! text-center text-lg tabular-nums')}
        />
        <Button
          variant="secondary"
          size="icon"
          className="h-auto! w-13! self-stretch"
          aria-label="Én mere"
          aria-controls={ids.id}
          aria-disabled={canMore ? undefined : true}
          onClick={() => canMore && step(1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </FieldFrame>
  );
}
