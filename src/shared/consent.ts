/**
 * Cookie consent (SPEC.md §3, §5, §7): five purposes, one POST /api/gdpr/consent per purpose.
 * Necessary cookies rest on a legal obligation and cannot be switched off; the others need the
 * visitor's consent, which is asked again after 13 months.
 *
 * Free of zod on purpose: the consent banner loads with every page, inside the landing page's
 * 120 KB budget. The call's schemas are in consent-api.ts.
 */
export const CONSENT_PURPOSES = ['necessary', 'analytics', 'marketing', 'performance', 'social_media'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_VALIDITY_MONTHS = 13;
/** Where the browser keeps the visitor's choices (SPEC.md says consent is stored locally, key not shown). */
export const CONSENT_STORAGE_KEY = 'mindested-consent';

export const CONSENT_METHODS = ['banner'] as const;

/** legalBasis and dataRetentionPeriod of a purpose, exactly as SPEC.md §7 gives them. */
export function consentTerms(purpose: ConsentPurpose) {
  return purpose === 'necessary'
    ? ({ legalBasis: 'legal_obligation', dataRetentionPeriod: 'Account lifecycle' } as const)
    : ({ legalBasis: 'consent', dataRetentionPeriod: '13 months' } as const);
}

/** The body of POST /api/gdpr/consent. */
export interface ConsentBody {
  purpose: ConsentPurpose;
  consentGiven: boolean;
  consentMethod: (typeof CONSENT_METHODS)[number];
  legalBasis: 'legal_obligation' | 'consent';
  dataRetentionPeriod: 'Account lifecycle' | '13 months';
}

/** What the browser stores under CONSENT_STORAGE_KEY: when, and the choice per purpose. */
export interface StoredConsent {
  timestamp: number;
  choices: { necessary: true } & Record<Exclude<ConsentPurpose, 'necessary'>, boolean>;
}
