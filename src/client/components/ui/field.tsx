import { useId, type ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { Label } from './label';

/**
 * The ids a labelled field needs: the control's own, and its hint's and error's, which the
 * control names in aria-describedby so both are read out with it.
 */
export function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

interface FieldFrameProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: ReactNode;
  /** The validation message: announced through role="alert". */
  error?: string;
  className?: string;
  /** The control, given `ids.id`, `ids.describedBy` and aria-invalid by the caller. */
  children: ReactNode;
}

/** A real <label> above the control, the hint under the label, and the error under the control. */
export function FieldFrame({ ids, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      {hint ? (
        <p id={ids.hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <span aria-hidden="true" className="mt-[0.45em] inline-block size-1.5 shrink-0 rounded-full bg-destructive" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
