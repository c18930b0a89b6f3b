/**
 * The cookie that tells the page's first scripts whether there is anything of the visitor's in
 * localStorage to read (STORED_CHOICES_COOKIE). A page's first touch of localStorage is a
 * synchronous round trip to the browser process, about 15 ms in our traces and more on a phone,
 * and public/theme-init.js and public/consent-init.js would pay it in <head>, before the first
 * paint, for every first-time visitor who scans a stone, who has nothing stored. Reading a cookie
 * costs a fraction of that. So they read localStorage only when this cookie says it holds a choice.
 */
import { STORED_CHOICES_COOKIE } from '@/shared/constants';

/** As long as browsers keep a cookie (400 days); renewed whenever a choice is saved or the app starts. */
const LASTS_SECONDS = 400 * 24 * 60 * 60;

/** Sets the cookie: a choice was just saved in localStorage. */
export function rememberStoredChoices() {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${STORED_CHOICES_COOKIE}=1; path=/; max-age=${LASTS_SECONDS}; samesite=lax${secure}`;
}

/**
 * At the app's start: renews the cookie while a choice is kept under one of `keys`, and sets it for
 * choices saved before the cookie existed. Returns true when the cookie was missing although a
 * choice is kept: the page was then drawn without the choice, and the caller applies it.
 */
export function keepStoredChoicesCookie(keys: string[]): boolean {
  let kept: boolean;
  try {
    kept = keys.some((key) => localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
  if (!kept) return false;
  const had = document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${STORED_CHOICES_COOKIE}=`));
  rememberStoredChoices();
  return !had;
}
