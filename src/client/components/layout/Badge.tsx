import { cn } from '@/client/lib/cn';

/** A small pill beside a menu entry: the unread count, or "Aktiv" on "Forhandler". */
export function Badge({ children, tone = 'count', className }: { children: string; tone?: 'count' | 'status'; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex min-w-6 items-center justify-center rounded-full px-2 text-xs leading-6 font-semibold',
        tone === 'count' ? 'bg-primary text-primary-foreground' : 'border border-gold/50 bg-gold-soft text-foreground',
        className,
      )}
    >
      {children}
    </span>
  );
}
