// Identifiers shaped like each provider's (prefix + random text).
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function randomText(length: number, alphabet = ALPHANUMERIC): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** Stripe style: `pi_3Nx…` (24 characters after the prefix). */
export const stripeId = (prefix: string): string => `${prefix}_${randomText(24)}`;

/** Akahu style: `acc_cl…` (lower-case, 25 characters after the prefix). */
export const akahuId = (prefix: string): string => `${prefix}_${randomText(25, LOWER)}`;

export const digits = (length: number): string => randomText(length, '0123456789');
