/** SPEC.md §9's business constants, shared by client and server. */

export const USERNAME_MIN = 2;
export const PASSWORD_MIN = 6;
/** argon2 hashes any length, but an unbounded password is a cheap way to burn CPU. */
export const PASSWORD_MAX = 200;
export const USERNAME_MAX = 40;
export const FULL_NAME_MAX = 120;
export const EMAIL_MAX = 254;

export const DEFAULT_AFTER_LOGIN = '/profile';
export const HIDDEN_REGISTER_PATH = '/hidden-register-72391';
export const QR_REDIRECT_DELAY_MS = 100;

export const CURRENT_USER_STALE_MS = 30_000;
export const DEFAULT_STALE_MS = 5 * 60_000;
export const QUERY_RETRY = 1;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** A reset link is valid for one hour (issue 2). */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** A one-time login link (/login/{token}) is valid for one hour: long enough to find the mail, short enough to be worthless later. */
export const LOGIN_LINK_TTL_MS = 60 * 60_000;
/** An account-setup link (e-mail registration with a QR code) lasts days: a family may read it after the funeral. */
export const ACCOUNT_SETUP_TTL_MS = 7 * 24 * 60 * 60_000;
/** Server-side sessions last 30 days and are renewed as they are used. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
export const SESSION_COOKIE = 'mindested_session';
/**
 * Identifies a browser's consent records (src/server/consent) and its own posts waiting for approval
 * (src/server/posts); strictly necessary, 13 months.
 */
export const VISITOR_COOKIE = 'mindested_visitor';

/** The scan widget's camera: a frame read every 500 ms, from the rear camera at 640×480. */
export const QR_SCAN_INTERVAL_MS = 500;
export const QR_SCAN_WIDTH = 640;
export const QR_SCAN_HEIGHT = 480;
