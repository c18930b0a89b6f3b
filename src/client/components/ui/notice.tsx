import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** A calm inline message inside a page (not a toast): an explanation, or what went wrong. */
export function Notice({ tone = 'info', title, children, className }: { tone?: 'info' | 'problem'; title?: string; children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'rounded-lg border px-5 py-4 text-base',
        tone === 'problem' ? 'border-destructive/35 bg-destructive-soft' : 'border-gold/40 bg-gold-soft/60',
        className,
      )}
    >
      {title ? <p className="font-semibold text-foreground">{title}</p> : null}
      <div className={cn('text-foreground/90', title && 'mt-1')}>{children}</div>
    </div>
  );
}
