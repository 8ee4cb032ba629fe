// `expand[]`: replaces ids with the objects they name, as the real API does (`latest_charge`,
// `payment_method`, `customer`, `data.payment_method`, …). Unknown paths are left as they are.
import type { StripeState } from './state';

const PREFIXES: [string, keyof StripeState][] = [
  ['ch_', 'charges'],
  ['pm_', 'paymentMethods'],
  ['cus_', 'customers'],
  ['pi_', 'paymentIntents'],
  ['seti_', 'setupIntents'],
  ['re_', 'refunds'],
];

function lookup(state: StripeState, id: string): unknown {
  if (id.startsWith('acct_')) return state.accounts.get(id);
  for (const [prefix, key] of PREFIXES) {
    if (!id.startsWith(prefix)) continue;
    const map = state[key] as Map<string, { value: unknown }>;
    return map.get(id)?.value;
  }
  return undefined;
}

function expandPath(state: StripeState, value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => expandPath(state, item, path));
  if (typeof value !== 'object' || value === null || path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const record = value as Record<string, unknown>;
  if (!(head in record)) return value;
  let child = record[head];
  if (typeof child === 'string') child = structuredClone(lookup(state, child)) ?? child;
  return { ...record, [head]: expandPath(state, child, rest) };
}

export function applyExpand(state: StripeState, body: unknown, expand: unknown): unknown {
  const paths = Array.isArray(expand) ? expand : typeof expand === 'string' ? [expand] : [];
  return paths
    .filter((p): p is string => typeof p === 'string')
    .reduce((acc, path) => expandPath(state, acc, path.split('.')), body);
}
