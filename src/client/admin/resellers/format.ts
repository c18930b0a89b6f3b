/** The back office's resellers in Danish words: counts, the commission typed as a percentage, code states, what history entries add. */
import type { StaffActionEntry } from '@/shared/people';
import type { ResellerCodeState } from '@/shared/resellers-api';
import { formatCommission } from '@/shared/resellers-admin';
import { danishNumber } from '../people/format';

/** "Ingen ansøgninger venter", "1 ansøgning venter", "3 ansøgninger venter". */
export const applicationsWaiting = (n: number) => (n === 0 ? 'Ingen ansøgninger venter' : `${danishNumber(n)} ${n === 1 ? 'ansøgning venter' : 'ansøgninger venter'}`);
/** "1 forhandler", "12 forhandlere". */
export const resellerCount = (n: number) => `${danishNumber(n)} ${n === 1 ? 'forhandler' : 'forhandlere'}`;
/** "1 kode", "250 koder". */
export const codeCount = (n: number) => `${danishNumber(n)} ${n === 1 ? 'kode' : 'koder'}`;

/** A rate as it is typed back into the field: 1250 → "12,5". */
export const percentText = (basisPoints: number) => (basisPoints / 100).toLocaleString('da-DK', { maximumFractionDigits: 2, useGrouping: false });

/**
 * What is typed in the commission field ("12,5", "12.5", "10 %") as basis points, or the Danish
 * sentence saying what is wrong with it.
 */
export function parsePercent(typed: string): { basisPoints: number } | { error: string } {
  const text = typed.trim().replace(/\s*%$/, '').trim();
  if (text === '') return { error: 'Skriv provisionen i procent, fx 10 eller 12,5.' };
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(text)) return { error: 'Skriv provisionen som et tal med højst to decimaler, fx 12,5.' };
  const basisPoints = Math.round(Number(text.replace(',', '.')) * 100);
  if (basisPoints > 10_000) return { error: 'Provisionen kan højst være 100 %.' };
  return { basisPoints };
}

/** A reseller's codes as the back office speaks of them (the reseller's own words say "jer"). */
export const STAFF_CODE_STATE_LABELS: Record<ResellerCodeState, string> = {
  on_the_way: 'På vej til forhandleren',
  shipped: 'Hos forhandleren',
  given: 'Givet til en familie',
  claimed: 'Taget i brug',
  linked: 'Tilknyttet mindeside',
  void: 'Kasseret',
};

const ACCOUNT_WORDS: Record<string, string> = {
  'setup-link': 'Link til at oprette kontoen sendt til ansøgeren',
  attached: 'Koblet til den konto, der har ansøgningens e-mailadresse',
};

/** The line under a reseller's history entry: the reason, the rate, or how the applicant gets in. */
export function resellerActionDetail(entry: StaffActionEntry): string | null {
  const details = entry.details;
  const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : null);
  const rate = (key: string) => (typeof details[key] === 'number' ? formatCommission(details[key] as number) : null);
  switch (entry.action) {
    case 'reseller.approve': {
      const parts = [rate('commissionBasisPoints') ? `Provision ${rate('commissionBasisPoints')}` : null, ACCOUNT_WORDS[text('account') ?? ''] ?? null];
      return parts.filter(Boolean).join(' · ') || null;
    }
    case 'reseller.reject':
    case 'reseller.suspend':
      return text('reason') ? `Begrundelse: ${text('reason')}` : null;
    case 'reseller.commission':
      return rate('from') && rate('to') ? `Fra ${rate('from')} til ${rate('to')}` : null;
    case 'reseller.setup-link':
      return ACCOUNT_WORDS[text('account') ?? ''] ?? null;
    default:
      return null;
  }
}
