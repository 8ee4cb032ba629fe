// The gym answers, checked on arrival: the schemas the server answers with, from @gym/domain/api/gyms.
export {
  type DestinationAccount,
  destinationAccountAnswer,
  type Gym,
  type GymSummary,
  gymAnswer,
  gymPageAnswer,
} from '@gym/domain/api/gyms';

import { gymOptionsKey } from '@/lib/gym-options';

/** Query keys of this feature: everything under ['gyms'] is refreshed after a change. */
export const gymKeys = {
  all: ['gyms'] as const,
  list: (page: number) => ['gyms', 'list', page] as const,
  /** The choices of lib/gym-options (shared by every feature's gym picker). */
  options: gymOptionsKey,
  detail: (id: number) => ['gyms', 'detail', id] as const,
};
