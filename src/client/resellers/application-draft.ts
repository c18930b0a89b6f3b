/**
 * What has been typed into the application, kept in sessionStorage while the tab lives: the form
 * links to /reseller-terms in the same tab, and coming back must not mean typing it all again.
 * Only this tab sees it, it is gone when the tab closes, and a sent application removes it.
 */
import { RESELLER_KINDS, type ResellerKind } from '@/shared/resellers';

export const DRAFT_KEY = 'mindested-reseller-application';

export interface ApplicationDraft {
  companyName: string;
  cvr: string;
  kind: ResellerKind | '';
  contactName: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  town: string;
  acceptTerms: boolean;
}

export const EMPTY_DRAFT: ApplicationDraft = {
  companyName: '',
  cvr: '',
  kind: '',
  contactName: '',
  email: '',
  phone: '',
  address: '',
  postcode: '',
  town: '',
  acceptTerms: false,
};

const TEXT_FIELDS = ['companyName', 'cvr', 'contactName', 'email', 'phone', 'address', 'postcode', 'town'] as const;

/** The stored draft, each field checked (a stored value is only what this code wrote, but storage can be edited). */
export function readDraft(): ApplicationDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!stored || typeof stored !== 'object') return EMPTY_DRAFT;
    const draft = { ...EMPTY_DRAFT };
    for (const field of TEXT_FIELDS) if (typeof stored[field] === 'string') draft[field] = stored[field].slice(0, 300);
    if ((RESELLER_KINDS as readonly unknown[]).includes(stored.kind)) draft.kind = stored.kind as ResellerKind;
    draft.acceptTerms = stored.acceptTerms === true;
    return draft;
  } catch {
    // No storage (a private window that refuses it) or a broken value: start empty.
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: ApplicationDraft) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or refused: the form still works, only the draft is not kept.
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear where there is no storage.
  }
}
