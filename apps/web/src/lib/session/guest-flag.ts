// Whether this browser last knew itself signed out (spec section 4: 'isGuest' / 'isNotGuest' in local
// storage). Guest-only pages (sign-in) read it to skip asking the server who is signed in when the
// answer is almost certainly "nobody".
export const GUEST_FLAG_KEY = 'guest';

export type GuestFlag = 'isGuest' | 'isNotGuest';

export function readGuestFlag(): GuestFlag | null {
  try {
    const value = window.localStorage.getItem(GUEST_FLAG_KEY);
    return value === 'isGuest' || value === 'isNotGuest' ? value : null;
  } catch {
    return null; // storage blocked (private mode, policy): behave as if nothing is known
  }
}

export function writeGuestFlag(flag: GuestFlag): void {
  try {
    window.localStorage.setItem(GUEST_FLAG_KEY, flag);
  } catch {
    // Without storage the flag is only a shortcut lost; the server stays the authority.
  }
}
