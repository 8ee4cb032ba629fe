import type { Scenario } from '../scenario';

// Liveness with a database round trip: the floor under every other figure.
export const scenario: Scenario = {
  name: 'health',
  order: 1,
  needsSession: false,
  request: { method: 'GET', path: '/api/health' },
};
