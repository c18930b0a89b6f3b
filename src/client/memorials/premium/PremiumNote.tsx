/**
 * The calm marks of what Premium holds, beside a family's own things: "Premium" on a theme only
 * Premium has, and "Skjult – kræver Premium" on what visitors do not see while the memorial has
 * no Premium (shared/premium.ts), each with the way to /subscription. Never a warning colour:
 * nothing is lost, it waits.
 */
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PREMIUM_MESSAGES, SUBSCRIPTION_PATH } from '@/shared/premium';

const LINK = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

/** A small "Premium" mark, e.g. on a theme's card. */
export function PremiumMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-gold/60 bg-gold-soft px-2 py-0.5 text-xs font-semibold text-foreground">
      <Sparkles className="size-3 text-gold-text" aria-hidden="true" />
      Premium
    </span>
  );
}

/** The link to buy Premium for the memorial. */
export function PremiumLink({ children = 'Køb Premium' }: { children?: ReactNode }) {
  return (
    <Link to={SUBSCRIPTION_PATH} className={LINK}>
      {children}
    </Link>
  );
}

/** "Skjult – kræver Premium", with the link. */
export function HiddenWithoutPremium({ className }: { className?: string }) {
  return (
    <p className={className ?? 'text-sm text-muted-foreground'}>
      <span className="font-semibold text-foreground">{PREMIUM_MESSAGES.hidden}</span> · <PremiumLink />
    </p>
  );
}
