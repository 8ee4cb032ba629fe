// The gym answers, checked on arrival: the schemas the server answers with, from @gym/domain/api/gyms.
export {
  type DestinationAccount,
  destinationAccountAnswer,
  type Gym,
  type GymSummary,
  gymAnswer,
  gymPageAnswer,
} from '@gym/domain/api/gyms';

/** Query keys of this feature: everything under ['gyms'] is refreshed after a change. */
export const gymKeys = {
  all: ['gyms'] as const,
  list: (page: number) => ['gyms', 'list', page] as const,
  detail: (id: number) => ['gyms', 'detail', id] as const,
};
