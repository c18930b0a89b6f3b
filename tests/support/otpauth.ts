/** What an authenticator app reads from a QR code's otpauth:// URI (Google's Key Uri Format). */
export function parseOtpauth(uri: string): { type: string; label: string; secret: string; issuer: string | null } {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:') throw new Error(`not an otpauth URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return { type: url.hostname, label: decodeURIComponent(url.pathname.replace(/^\//, '')), secret, issuer: url.searchParams.get('issuer') };
}
