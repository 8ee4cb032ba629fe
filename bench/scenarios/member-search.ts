import type { Scenario } from '../scenario';

// The global search box: a partial name or email over the organisation's members (trigram indexes).
export const scenario: Scenario = {
  name: 'member-search',
  order: 2,
  needsSession: true,
  request: { method: 'POST', path: '/api/search', body: { query: 'smi' } },
};
