// Which of the product's two hosts a request came to: the member join site (REGISTER_URL) or the staff
// back office (everything else).
import type { Env } from '../config/env';

export function isRegisterHost(hostname: string, env: Pick<Env, 'REGISTER_URL'>): boolean {
  return hostname.toLowerCase() === new URL(env.REGISTER_URL).hostname.toLowerCase();
}
