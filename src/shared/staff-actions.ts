/**
 * The audit log's actions (server/staff/audit.ts) in Danish, in one place for every page that
 * shows them (the dashboard's "Seneste handlinger", /admin/users/{id}). A row reads as a sentence:
 * who, what was done, and the account it was done to: "Anne Holm lukkede kontoen for Bo Lund".
 */

export interface StaffActionWords {
  /** What was done, as the rest of a sentence that begins with who did it: "lukkede kontoen". */
  done: string;
  /** The word before the account acted on, when one is named: "for", "til", "fra". */
  to: string;
}

const ACTION_WORDS: Record<string, StaffActionWords> = {
  'user.role': { done: 'ændrede rollen', to: 'for' },
  'user.disable': { done: 'lukkede kontoen', to: 'for' },
  'user.enable': { done: 'åbnede kontoen igen', to: 'for' },
  'user.password-reset': { done: 'sendte et link til ny adgangskode', to: 'til' },
  'user.sessions-ended': { done: 'loggede alle enheder ud', to: 'for' },
  'user.login-link': { done: 'sendte et login-link', to: 'til' },
  'two-factor.set-up': { done: 'satte totrinsbekræftelse op', to: 'for' },
  'two-factor.reset': { done: 'nulstillede totrinsbekræftelsen', to: 'for' },
  'two-factor.recovery-code-used': { done: 'loggede ind med en gendannelseskode', to: 'for' },
  'support.reply': { done: 'svarede på en henvendelse', to: 'fra' },
  'support.assign': { done: 'gav en henvendelse videre', to: 'til' },
  'support.close': { done: 'lukkede en henvendelse', to: 'fra' },
  'support.reopen': { done: 'genåbnede en henvendelse', to: 'fra' },
  'qr-package.create': { done: 'oprettede en QR-pakke', to: 'til' },
  'qr-package.status': { done: 'flyttede en QR-pakke et trin videre', to: 'for' },
  'qr-code.status': { done: 'flyttede en QR-kode et trin videre', to: 'for' },
  'qr-code.void': { done: 'kasserede en QR-kode', to: 'for' },
  'reseller.approve': { done: 'godkendte en forhandler', to: '' },
  'reseller.reject': { done: 'afslog en forhandleransøgning', to: '' },
  'reseller.suspend': { done: 'suspenderede en forhandler', to: '' },
  'reseller.reinstate': { done: 'genoptog en forhandler', to: '' },
  'reseller.commission': { done: 'ændrede en forhandlers provision', to: '' },
  'reseller.setup-link': { done: 'sendte et nyt opsætningslink til en forhandler', to: '' },
  'order.status': { done: 'flyttede en ordre et trin videre', to: 'for' },
  'order.mark-paid': { done: 'markerede en bankoverførsel som betalt', to: 'for' },
  'order.refund': { done: 'refunderede en ordre', to: 'for' },
  'price.change': { done: 'ændrede en pris', to: '' },
};

/** The words for `action`; an action this list does not know yet is still told, by its key. */
export function staffActionWords(action: string): StaffActionWords {
  return ACTION_WORDS[action] ?? { done: `udførte handlingen “${action}”`, to: 'for' };
}

/** "lukkede kontoen for Bo Lund", or "lukkede kontoen" when no account is named. */
export function staffActionSentence(action: string, targetName?: string | null): string {
  const { done, to } = staffActionWords(action);
  if (!targetName) return done;
  return to ? `${done} ${to} ${targetName}` : `${done} (${targetName})`;
}
