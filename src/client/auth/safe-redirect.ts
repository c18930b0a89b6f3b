import { DEFAULT_AFTER_LOGIN } from '@/shared/constants';

/**
 * Where to go after logging in. Only a path on this site is accepted ("/profile"), never another
 * site ("https://…", "//evil.example", "/\\evil.example"), so a login link cannot send someone away.
 */
export function safeRedirect(target: string | null | undefined, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
