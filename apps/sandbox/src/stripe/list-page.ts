// One page of a Stripe list, as the API pages every list: newest first, `limit` (1 to 100, default 10),
// `starting_after` / `ending_before` an object id of the previous page, `has_more` when more follow,
// and `created` as a number or a range (`created[gte]`, `[gt]`, `[lte]`, `[lt]`).
import { type FormObject, type FormValue, obj, str } from '../shared/form-body';
import { invalidRequest, resourceMissing } from './errors';

interface Listed {
  id: string;
  created: number;
}

function integer(value: string, param: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n))
    throw invalidRequest(`Invalid integer: ${value}`, { param });
  return n;
}

/** Whether `created` matches the `created` filter of the request. */
function createdFilter(value: FormValue | undefined): (created: number) => boolean {
  if (value === undefined) return () => true;
  const exact = str(value);
  if (exact !== undefined) {
    const at = integer(exact, 'created');
    return (created) => created === at;
  }
  const range = obj(value);
  const bound = (key: string) => {
    const text = str(range[key]);
    return text === undefined ? undefined : integer(text, `created[${key}]`);
  };
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}

export function listPage<T extends Listed>(url: string, items: T[], params: FormObject, label: string) {
  const limitText = str(params.limit);
  const limit = limitText === undefined ? 10 : integer(limitText, 'limit');
  if (limit < 1 || limit > 100) {
    throw invalidRequest('This value must be greater than or equal to 1 and less than or equal to 100.', {
      param: 'limit',
    });
  }
  const matches = createdFilter(params.created);
  // Newest first; objects of the same second in the reverse of their making (the map keeps that order).
  const sorted = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => matches(item.created))
    .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
    .map(({ item }) => item);
  const after = str(params.starting_after);
  const before = str(params.ending_before);
  let page: T[];
  let hasMore: boolean;
  if (before) {
    const at = sorted.findIndex((item) => item.id === before);
    if (at < 0) throw resourceMissing(label, before, 'ending_before');
    page = sorted.slice(Math.max(0, at - limit), at);
    hasMore = at - limit > 0;
  } else {
    const at = after ? sorted.findIndex((item) => item.id === after) : -1;
    if (after && at < 0) throw resourceMissing(label, after, 'starting_after');
    page = sorted.slice(at + 1, at + 1 + limit);
    hasMore = at + 1 + limit < sorted.length;
  }
  return { object: 'list' as const, data: page, has_more: hasMore, url };
}
