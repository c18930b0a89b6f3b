import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Input } from './input';
import { Label } from './label';

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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="relative">
        <Input
          id={id}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(revealable && 'pr-24', inputClassName)}
          {...props}
        />
        {revealable ? (
          <button
            type="button"
            aria-controls={id}
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-1 right-1 inline-flex min-w-20 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring"
          >
            {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            {revealed ? 'Skjul' : 'Vis'}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <span aria-hidden="true" className="mt-[0.45em] inline-block size-1.5 shrink-0 rounded-full bg-destructive" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
