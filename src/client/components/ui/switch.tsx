/**
 * An on/off switch (the shadcn look, without Radix): a real button with role="switch", so Space
 * and Enter turn it and a screen reader says "on" or "off". Label it with aria-labelledby, or
 * put it in a <label>.
 */
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        // A 44 px tall tap target around a track of 32 px.
        'inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-full disabled:cursor-not-allowed disabled:opacity-60',
        'focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex h-8 w-14 items-center rounded-full border-2 p-0.5 transition-colors duration-150',
          checked ? 'border-primary bg-primary' : 'border-input bg-muted',
        )}
      >
        <span
          className={cn(
            'size-6 rounded-full shadow-sm transition-transform duration-150 motion-reduce:transition-none',
            checked ? 'translate-x-6 bg-primary-foreground' : 'translate-x-0 bg-muted-foreground',
          )}
        />
      </span>
      {/* The state in words as well, for eyes that do not read the position; the role says it to a screen reader. */}
      <span aria-hidden="true" className="ml-2.5 min-w-7 text-left font-semibold">
        {checked ? 'Til' : 'Fra'}
      </span>
    </button>
  );
}
