/** A list's search field: "Søg" above it, a magnifier inside it, no spelling marks or autofill. */
import { Search } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { inputClass } from './input';
import { Label } from './label';

interface SearchFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
}

export function SearchField({ id, value, onChange, placeholder, maxLength }: SearchFieldProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Søg</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className={cn(inputClass, 'pl-12')}
        />
      </div>
    </div>
  );
}
