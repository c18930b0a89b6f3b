import { useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { FieldFrame, useFieldIds } from './field';
import { Input } from './input';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** A short help text under the label, read out with the field. */
  hint?: ReactNode;
  /** The validation message; it marks the field invalid and is announced. */
  error?: string;
  /** Adds a "Vis"/"Skjul" button to a password field. */
  revealable?: boolean;
  className?: string;
  inputClassName?: string;
}

/**
 * A labelled input with its hint and error wired for assistive technology: the label is a real
 * <label>, the field points at its hint and error with aria-describedby, and an error sets
 * aria-invalid and is announced through role="alert".
 */
export function TextField({ label, hint, error, revealable, className, inputClassName, type = 'text', ...props }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  const [revealed, setRevealed] = useState(false);

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <Input
          id={ids.id}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(revealable && 'pr-24', inputClassName)}
          {...props}
        />
        {revealable ? (
          <button
            type="button"
            aria-controls={ids.id}
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-1 right-1 inline-flex min-w-20 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring"
          >
            {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            {revealed ? 'Skjul' : 'Vis'}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
