/**
 * The visitor's cookie choices (SPEC.md §3, §4, §5, §7): kept in localStorage under
 * CONSENT_STORAGE_KEY with the time they were made, asked again after CONSENT_VALIDITY_MONTHS, and
 * recorded on the server with one POST /api/gdpr/consent per purpose.
 *
 * Analytics, performance, social-media and marketing scripts (Mindested has none today) must only
 * be loaded after `hasConsent(purpose)` answers true for their purpose; a new one is added here
 * behind that check, never straight into index.html.
 *
 * Free of React components and of zod: the banner's first click loads it (cookie-banner.ts).
 */
import { useSyncExternalStore } from 'react';
import { CONSENT_PURPOSES, CONSENT_STORAGE_KEY, CONSENT_VALIDITY_MONTHS, consentTerms, type ConsentBody, type ConsentPurpose, type StoredConsent } from '@/shared/consent';
import { apiRequest } from '@/client/lib/request';
import { stopAskingForConsent } from './cookie-banner';

export type ConsentChoices = StoredConsent['choices'];

export const ONLY_NECESSARY: ConsentChoices = { necessary: true, analytics: false, marketing: false, performance: false, social_media: false };
export const ALL_PURPOSES: ConsentChoices = { necessary: true, analytics: true, marketing: true, performance: true, social_media: true };

/** Whether stored choices made at `timestamp` are still valid at `now` (13 calendar months). */
export function isCurrent(timestamp: number, now = Date.now()): boolean {
  const expires = new Date(timestamp);
  expires.setMonth(expires.getMonth() + CONSENT_VALIDITY_MONTHS);
  return timestamp <= now && now < expires.getTime();
}

/** The stored choices if they are readable and still valid; otherwise null (the banner asks again). */
export function readConsent(): StoredConsent | null {
  try {
    const value = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Partial<StoredConsent> | null;
    if (!value || typeof value.timestamp !== 'number' || typeof value.choices !== 'object' || value.choices === null) return null;
    if (!isCurrent(value.timestamp)) return null;
    const choices = { ...ONLY_NECESSARY };
    for (const purpose of CONSENT_PURPOSES) {
      if (purpose !== 'necessary') choices[purpose] = (value.choices as Record<string, unknown>)[purpose] === true;
    }
    return { timestamp: value.timestamp, choices };
  } catch {
    return null;
  }
}

/** True when the visitor has agreed to `purpose` (necessary is always true). */
export function hasConsent(purpose: ConsentPurpose): boolean {
  if (purpose === 'necessary') return true;
  return readConsent()?.choices[purpose] ?? false;
}

// Whether the settings dialog is open; changed only through the functions below.
let settingsOpen = false;
const listeners = new Set<() => void>();

function setSettingsOpen(open: boolean) {
  settingsOpen = open;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the cookie settings dialog is open (the server's prerender never shows it). */
export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settingsOpen,
    () => false,
  );
}

/** Opens the cookie settings dialog (the footer's "Cookie-indstillinger", the banner's "Indstillinger"). */
export function openConsentSettings() {
  setSettingsOpen(true);
}

export function closeConsentSettings() {
  setSettingsOpen(false);
}

function bodyFor(purpose: ConsentPurpose, choices: ConsentChoices): ConsentBody {
  return { purpose, consentGiven: choices[purpose], consentMethod: 'banner', ...consentTerms(purpose) };
}

/**
 * Records the choices on the server, one call per purpose in SPEC.md's order, and only when all
 * five were accepted keeps them in the browser and closes the banner and dialog. Throws on any
 * failure, leaving the banner up so the visitor can try again.
 */
export async function saveConsent(choices: ConsentChoices): Promise<void> {
  const chosen = { ...choices, necessary: true as const };
  for (const purpose of CONSENT_PURPOSES) {
    await apiRequest('POST', '/api/gdpr/consent', { body: bodyFor(purpose, chosen) });
  }
  const stored: StoredConsent = { timestamp: Date.now(), choices: chosen };
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Private browsing may refuse storage: the server has the record; the banner will ask next visit.
  }
  stopAskingForConsent();
  setSettingsOpen(false);
}
