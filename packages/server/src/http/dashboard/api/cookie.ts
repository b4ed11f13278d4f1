/**
 * The one cookie of the control panel, read and written here (docs/decisions/1000): no cookie plugin
 * for a single name. The token is base58, so it needs no encoding.
 */
export const COOKIE_NAME = 'gh_dash';
const PATH = '/dashboard';

/** The `gh_dash` value of a Cookie header, when it is there and well formed. */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    return /^[1-9A-HJ-NP-Za-km-z]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** The Set-Cookie of a new session: HttpOnly, SameSite=Strict, Secure under TLS; a session cookie. */
export function sessionCookie(token: string, secure: boolean): string {
  return `${COOKIE_NAME}=${token}; Path=${PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie that clears it. */
export function clearedCookie(secure: boolean): string {
  return `${COOKIE_NAME}=; Path=${PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}
