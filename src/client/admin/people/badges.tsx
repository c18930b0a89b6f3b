/** The small marks beside a person: their role (staff stand out) and "Lukket" when the account is closed. */
import type { Role } from '@/shared/auth';
import { ROLE_LABELS } from '@/shared/staff';
import { cn } from '@/client/lib/cn';

const pill = 'inline-flex items-center rounded-full border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap';

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={cn(pill, role === 'user' ? 'border-border text-muted-foreground' : role === 'admin' ? 'border-primary bg-primary text-primary-foreground' : 'border-gold/50 bg-gold-soft text-foreground')}>
      {ROLE_LABELS[role]}
    </span>
  );
}

export function DisabledBadge() {
  return <span className={cn(pill, 'border-destructive/40 bg-destructive-soft text-destructive')}>Lukket</span>;
}
