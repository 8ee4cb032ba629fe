// Parses form-encoded bodies and query strings with bracket notation the way Stripe reads them:
// `metadata[gym]=x&expand[0]=latest_charge&card[exp_month]=12` → nested objects and arrays.
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `a[b][]` → ['a', 'b', '']; brackets inside a segment stay (`m[k[x]]` → ['m', 'k[x]']). */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const parts = [key.slice(0, open)];
  let depth = 0;
  let segment = '';
  for (const char of key.slice(open)) {
    if (char === '[' && depth++ === 0) continue;
    if (char === ']' && --depth === 0) {
      parts.push(segment);
      segment = '';
      continue;
    }
    if (depth === 0) return [key]; // text between segments: not bracket notation
    segment += char;
  }
  return depth === 0 ? parts : [key];
}

type Container = Record<string, unknown>;

function assign(target: Container, path: string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length; i++) {
    let segment = path[i]!;
    if (UNSAFE_KEYS.has(segment)) return;
    const last = i === path.length - 1;
    if (segment === '') segment = String(Object.keys(node).length); // `a[]=x` appends
    if (last) {
      node[segment] = value;
      return;
    }
    const existing = node[segment];
    if (typeof existing !== 'object' || existing === null) node[segment] = {};
    node = node[segment] as Container;
  }
}

/** Objects keyed 0..n-1 become arrays, except under `metadata` where keys are the caller's own. */
function compact(value: unknown, underMetadata: boolean): FormValue {
  if (typeof value !== 'object' || value === null) return String(value);
  const entries = Object.entries(value as Container);
  const out: FormObject = {};
  for (const [key, child] of entries) out[key] = compact(child, underMetadata || key === 'metadata');
  const keys = Object.keys(out);
  const isList = !underMetadata && keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? keys.map((k) => out[k]!) : out;
}

export function parseForm(input: string): FormObject {
  const root: Container = {};
  for (const pair of input.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    assign(root, splitKey(decode(rawKey)), decode(rawValue));
  }
  const out: FormObject = {};
  for (const [key, child] of Object.entries(root)) out[key] = compact(child, key === 'metadata');
  return out;
}

// Typed readers for parsed forms: the real API is lenient about strings vs numbers, and so are we.
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export function obj(v: FormValue | undefined): FormObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
}

export function list(v: FormValue | undefined): FormValue[] {
  if (Array.isArray(v)) return v;
  if (v === undefined || v === '') return [];
  return typeof v === 'object' ? Object.values(v) : [v];
}

export function bool(v: FormValue | undefined): boolean | undefined {
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

/** Flat string map (metadata): empty values unset a key, as Stripe does. */
export function stringMap(v: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj(v)))
    if (typeof value === 'string' && value !== '') out[key] = value;
  return out;
}
