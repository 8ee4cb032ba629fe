import type { Scenario } from '../scenario';

// Liveness with a database round trip: the floor under every other figure.
export const scenarios: Scenario[] = [
  {
    name: 'health',
    order: 1,
    session: false,
    request: { method: 'GET', path: '/api/health' },
    statements: async () => [{ text: 'select 1', values: [] }],
  },
];
