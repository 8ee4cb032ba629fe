// Where to go after signing in: the `redirect` query the guard added, if it is a path on this site.
// Anything else (another site, a protocol-relative '//host', a scheme) is ignored, so a crafted link
// cannot send someone elsewhere after they sign in.
import { route } from '@/config/paths';

export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const base = 'https://this.site';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** After signing in: the safe `redirect`, else the dashboard. */
export const afterSignIn = (redirect: string | null | undefined): string =>
  safeRedirect(redirect) ?? route('dashboard');
