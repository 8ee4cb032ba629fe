// Everything the Stripe routes need, passed around as one object.
import type { SandboxRuntime } from '../shared/runtime';
import type { StripeState } from './state';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiVersion: string;
}

export interface StripeContext {
  runtime: SandboxRuntime;
  state: StripeState;
  settings: StripeSettings;
  /** Where browsers reach this listener (hosted pages, account links). */
  publicUrl(): string;
}

export const nowUnix = (ctx: StripeContext): number => Math.floor(ctx.runtime.clock.nowMs() / 1000);
