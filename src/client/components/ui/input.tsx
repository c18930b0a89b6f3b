import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';

export const inputClass =
  'block w-full min-h-13 rounded-lg border border-input bg-card px-4 py-3 text-base text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground/80 transition-[border-color,box-shadow] duration-150 ' +
  'hover:border-foreground/40 focus-visible:border-gold focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring/50 ' +
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}
