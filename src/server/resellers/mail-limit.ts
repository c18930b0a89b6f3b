/**
 * How many e-mails a reseller's hand-overs may send. Without a limit an approved dealer (or a
 * stolen session of one) could loop give → take back → give, or "Send linket igen", and mail any
 * address without end, in our name. Counted per reseller (RATE_LIMIT_HANDOVER_MAILS_PER_RESELLER a
 * window: more than an office types, far less than a script sends) and per address, before the
 * mail is made (decision 20). A hand-over without e-mail sends nothing and is not counted, so the
 * printed letter is always a way on.
 */
import { resellerMessages } from '../../shared/resellers-api';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';

/**
 * The bucket and the number auth/setup-routes.ts counts an e-mail registration's setup links in:
 * one address gets at most a few links a window, whoever asks for them.
 */
const PER_ADDRESS = 3;

export async function countFamilyMail(deps: Pick<Deps, 'rateLimiter' | 'config'>, resellerId: string, email: string): Promise<void> {
  const windowMs = deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  await said(
    deps.rateLimiter.consume({ key: `handover-mail-reseller:${resellerId}`, max: deps.config.RATE_LIMIT_HANDOVER_MAILS_PER_RESELLER, windowMs }),
    (again) => `${resellerMessages.tooManyMails} Prøv igen ${again}, eller giv koden uden e-mail og print brevet til familien.`,
  );
  await said(deps.rateLimiter.consume({ key: `setup-mail:${email}`, max: PER_ADDRESS, windowMs }), (again) => `${resellerMessages.tooManyMailsToAddress} Prøv igen ${again}.`);
}

/** The limiter's 429 with the dealer told what was limited, and when to try again. */
async function said(attempt: Promise<void>, message: (again: string) => string): Promise<void> {
  try {
    await attempt;
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
    const seconds = error.extra.retryAfterSeconds ?? 60;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new HttpError(429, message(minutes === 1 ? 'om et minut' : `om ${minutes} minutter`), { retryAfterSeconds: seconds });
  }
}
