// Stripe's Search query language, as far as the product uses it on PaymentIntents: clauses joined by
// AND, each `metadata['key']:'value'`, `status:'…'` or `customer:'…'` (exact match), answered as a
// `search_result` page (`limit` 1 to 100, default 10; `page` the previous answer's `next_page`).
import { type FormObject, str } from '../shared/form-body';
import { invalidRequest } from './errors';

const CLAUSE = /^\s*(metadata\['((?:[^'\\]|\\.)+)'\]|status|customer)\s*:\s*'((?:[^'\\]|\\.)*)'\s*$/;
const unquote = (text: string) => text.replace(/\\(.)/g, '$1');

type Searchable = {
  id: string;
  created: number;
  status: string;
  customer: string | null;
  metadata: Record<string, string>;
};

function matcher(query: string): (item: Searchable) => boolean {
  if (/\bOR\b/.test(query))
    throw invalidRequest('The sandbox supports search clauses joined by AND only.', { param: 'query' });
  const tests = query.split(/\s+AND\s+/).map((clause) => {
    const m = CLAUSE.exec(clause);
    if (!m) {
      throw invalidRequest(`We could not parse your search query: ${clause.trim()}`, {
        code: 'parameter_invalid_string',
        param: 'query',
      });
    }
    const value = unquote(m[3]!);
    if (m[2] !== undefined) {
      const key = unquote(m[2]);
      return (item: Searchable) => item.metadata[key] === value;
    }
    const field = m[1] as 'status' | 'customer';
    return (item: Searchable) => item[field] === value;
  });
  return (item) => tests.every((test) => test(item));
}

export function searchPage<T extends Searchable>(url: string, items: T[], params: FormObject) {
  const query = str(params.query);
  if (!query)
    throw invalidRequest('Missing required param: query.', { code: 'parameter_missing', param: 'query' });
  const limit = Number(str(params.limit) ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest('This value must be greater than or equal to 1 and less than or equal to 100.', {
      param: 'limit',
    });
  }
  const pageText = str(params.page);
  const from = pageText ? Number(Buffer.from(pageText, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(from) || from < 0) throw invalidRequest('Invalid page token.', { param: 'page' });
  const found = items.filter(matcher(query)).sort((a, b) => b.created - a.created);
  const data = found.slice(from, from + limit);
  const more = from + limit < found.length;
  return {
    object: 'search_result' as const,
    data,
    has_more: more,
    next_page: more ? Buffer.from(String(from + limit)).toString('base64url') : null,
    url,
  };
}
