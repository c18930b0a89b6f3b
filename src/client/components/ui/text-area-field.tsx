import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';
import { FieldFrame, useFieldIds } from './field';
import { inputClass } from './input';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled multi-line field, wired like TextField: hint and error read out with the field. */
export function TextAreaField({ label, hint, error, className, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <textarea
        id={ids.id}
        rows={7}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClass, 'min-h-40 resize-y leading-relaxed', className)}
        {...props}
      />
    </FieldFrame>
  );
}
