// The access-control answers, checked on arrival: the schemas the server answers with, from
// @gym/domain/api/access-control.
export {
  doorAnswer,
  integrationAnswer,
  type KisiDoor,
  type KisiPlace,
  kisiDoorsAnswer,
  kisiPlacesAnswer,
  linkedPlaceAnswer,
  staffAccessAnswer,
} from '@gym/domain/api/access-control';

/** Query keys of this feature: everything under ['access-control', organisationId] refreshes together. */
export const accessKeys = {
  all: ['access-control'] as const,
  organisation: (organisationId: number) => ['access-control', organisationId] as const,
  integration: (organisationId: number) => ['access-control', organisationId, 'integration'] as const,
  places: (organisationId: number) => ['access-control', organisationId, 'places'] as const,
  doors: (organisationId: number, placeId: string) =>
    ['access-control', organisationId, 'doors', placeId] as const,
  /** Under the staff member's own key: a change to them (deactivation) refreshes it too. */
  staff: (staffId: number) => ['staff', 'detail', staffId, 'door-access'] as const,
};
