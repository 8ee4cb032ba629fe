// What the page does when the API says the session is not good enough (spec section 2, "Guard
// behaviour"): not signed in → sign-in page with the way back; two-factor code still due → code page.
// Only on screens that need a signed-in user: public screens handle these answers themselves.
import type { DataRouter } from 'react-router';
import { setApiErrorHandler } from '@/lib/api-client';
import { NOT_TWO_FACTOR_AUTHENTICATED } from '@/lib/api-error';
import { deepestHandle } from './route-handle';

export interface SessionTargets {
  /** Where to sign in, given the address to come back to. */
  signIn: (redirect: string) => string;
  twoFactor: string;
}

export function redirectOnSessionErrors(router: DataRouter, targets: SessionTargets): () => void {
  return setApiErrorHandler((error) => {
    const { location, matches } = router.state;
    if (!deepestHandle(matches.map((match) => match.route.handle))?.auth) return;
    if (error.status === 401) {
      void router.navigate(targets.signIn(location.pathname + location.search), { replace: true });
    } else if (error.status === 400 && error.code === NOT_TWO_FACTOR_AUTHENTICATED) {
      void router.navigate(targets.twoFactor, { replace: true });
    }
  });
}
