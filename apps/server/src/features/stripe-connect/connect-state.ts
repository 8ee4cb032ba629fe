// The `state` carried through Stripe's onboarding and back to /stripe/callback: sealed with the server's
// secret box (AES-GCM), so nobody can read it or make one for another gym, person or account.
import { z } from 'zod';
import type { SecretBox } from '../../db/secrets';

/** Long enough to finish Stripe's form (identity checks can take a while), short enough to go stale. */
export const CONNECT_STATE_TTL_MS = 24 * 60 * 60 * 1000;

const stateSchema = z.object({
  gymId: z.number().int(),
  organisationId: z.number().int(),
  userId: z.number().int(),
  accountId: z.string(),
  expiresAt: z.number().int(),
});
export type ConnectState = z.infer<typeof stateSchema>;

export function sealConnectState(secrets: SecretBox, state: ConnectState): string {
  return Buffer.from(secrets.seal(JSON.stringify(state)), 'utf8').toString('base64url');
}

/** The state, or null when it is not one this server sealed (tampered, truncated, another key). */
export function openConnectState(secrets: SecretBox, token: string): ConnectState | null {
  try {
    const opened = secrets.open(Buffer.from(token, 'base64url').toString('utf8'));
    const parsed = stateSchema.safeParse(JSON.parse(opened));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
