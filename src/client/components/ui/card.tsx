import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * A card with a thin inner rule, like the frame printed on a memorial card.
 */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'relative rounded-xl border border-border bg-card text-card-foreground',
        'shadow-[0_1px_2px_rgba(60,40,20,0.05),0_12px_32px_-12px_rgba(60,40,20,0.18)] dark:shadow-[0_12px_32px_-12px_rgba(0,0,0,0.6)]',
        'before:pointer-events-none before:absolute before:inset-[7px] before:rounded-[calc(var(--radius)-1px)] before:border before:border-border/80',
        className,
      )}
      {...props}
    />
  );
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('relative px-6 py-9 sm:px-11 sm:py-12', className)} {...props} />;
}
