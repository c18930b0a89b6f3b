/** A list's labelled filter: one of a few values, '' meaning all. */
import { cn } from '@/client/lib/cn';
import { inputClass } from './input';
import { Label } from './label';

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, label] pairs, the first usually ['', 'Alle']. */
  options: readonly (readonly [string, string])[];
  /** The select's width from 640 px, fitting its longest option (e.g. 'sm:w-44'); without it, its grid column's. */
  width?: string;
}

export function FilterSelect({ id, label, value, onChange, options, width }: FilterSelectProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(inputClass, 'pr-10', width)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
