/**
 * public/consent-init.js decides before the first paint whether the cookie banner asks; the
 * settings dialog and hasConsent read the same choice through readConsent. The two must agree, or
 * a visitor would be asked again while their choice still counts (or not asked when it expired).
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY } from '@/shared/consent';
import { readConsent } from './consent-store';

const SCRIPT = readFileSync(new URL('../public/consent-init.js', import.meta.url), 'utf8');

function storage(value: string | null) {
  return { getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? value : null) };
}

/** Whether consent-init.js marks the page as asking, with `value` stored. */
function asks(value: string | null): boolean {
  const attributes = new Map<string, string>();
  runInNewContext(SCRIPT, { localStorage: storage(value), document: { documentElement: { setAttribute: (name: string, v: string) => attributes.set(name, v) } }, Date, JSON });
  return attributes.get('data-consent') === 'asking';
}

const monthsAgo = (months: number, days = 0) => {
  const date = new Date();
  date.setMonth(date.getMonth() - months);
  date.setDate(date.getDate() - days);
  return date.getTime();
};
const choices = { necessary: true, analytics: true, marketing: false, performance: false, social_media: false };

const CASES: [string, string | null][] = [
  ['nothing stored', null],
  ['not JSON', '{ikke json'],
  ['JSON null', 'null'],
  ['no timestamp', JSON.stringify({ choices })],
  ['a timestamp as text', JSON.stringify({ timestamp: String(Date.now()), choices })],
  ['choices missing', JSON.stringify({ timestamp: Date.now() })],
  ['choices null', JSON.stringify({ timestamp: Date.now(), choices: null })],
  ['made just now', JSON.stringify({ timestamp: Date.now() - 1000, choices })],
  ['twelve months old', JSON.stringify({ timestamp: monthsAgo(12), choices })],
  ['a day short of thirteen months', JSON.stringify({ timestamp: monthsAgo(12, 27), choices })],
  ['thirteen months and a day old', JSON.stringify({ timestamp: monthsAgo(13, 1), choices })],
  ['fourteen months old', JSON.stringify({ timestamp: monthsAgo(14), choices })],
  ['made in the future', JSON.stringify({ timestamp: Date.now() + 86_400_000, choices })],
];

describe('consent-init.js', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(CASES)('agrees with readConsent: %s', (_, value) => {
    vi.stubGlobal('localStorage', storage(value));
    expect(asks(value)).toBe(readConsent() === null);
  });

  it('asks when nothing valid is stored and stays quiet while a choice counts', () => {
    expect(asks(null)).toBe(true);
    expect(asks(JSON.stringify({ timestamp: monthsAgo(14), choices }))).toBe(true);
    expect(asks(JSON.stringify({ timestamp: monthsAgo(12), choices }))).toBe(false);
  });

  it('asks when the storage cannot be read (private browsing that refuses it)', () => {
    const attributes = new Map<string, string>();
    const refusing = { getItem: () => { throw new Error('SecurityError'); } };
    runInNewContext(SCRIPT, { localStorage: refusing, document: { documentElement: { setAttribute: (name: string, v: string) => attributes.set(name, v) } }, Date, JSON });
    expect(attributes.get('data-consent')).toBe('asking');
  });
});
