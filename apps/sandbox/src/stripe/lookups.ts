// Finding objects where the caller can see them: an object on another account is "No such …".
import type { StripeContext } from './context';
import { resourceMissing } from './errors';
import type { Scoped } from './state';

export function findScoped<T>(
  map: Map<string, Scoped<T>>,
  id: string | undefined,
  account: string | null,
  label: string,
  param?: string,
): Scoped<T> {
  const found = id ? map.get(id) : undefined;
  if (!found || found.account !== account) throw resourceMissing(label, id ?? '', param);
  return found;
}

export function listScoped<T>(map: Map<string, Scoped<T>>, account: string | null): T[] {
  return [...map.values()].filter((s) => s.account === account).map((s) => s.value);
}

export function businessName(ctx: StripeContext, account: string | null): string {
  if (!account) return 'Sandbox platform';
  const found = ctx.state.accounts.get(account);
  return found?.business_profile.name ?? found?.email ?? account;
}
