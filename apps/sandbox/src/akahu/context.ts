// Everything the Akahu routes need, passed around as one object.
import type { SandboxRuntime } from '../shared/runtime';
import type { SigningKeys } from './signing-keys';
import type { AkahuState } from './state';

export interface AkahuSettings {
  /** Simulated time from READY to the bank's answer. */
  paymentDelayMs: number;
  /** Simulated time from SENT to PAYMENT RECEIVED. */
  receivedDelayMs: number;
  /** How long an authorisation code can be exchanged. */
  codeTtlMs: number;
  defaultApp: { appToken: string; appSecret: string };
}

export interface AkahuContext {
  runtime: SandboxRuntime;
  state: AkahuState;
  settings: AkahuSettings;
  keys: SigningKeys;
}
