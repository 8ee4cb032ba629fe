// GET /api/organisations/{id}/access-control/places: Kisi's places, each with the gym linked to it.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, kisiPlacesAnswer } from './access-answers';

const listPlaces = async (organisationId: number, signal?: AbortSignal) =>
  (
    await api.get(`/api/organisations/${organisationId}/access-control/places`, {
      schema: kisiPlacesAnswer,
      signal,
    })
  ).data;

export const usePlaces = (organisationId: number, enabled: boolean) =>
  useQuery({
    queryKey: accessKeys.places(organisationId),
    queryFn: ({ signal }) => listPlaces(organisationId, signal),
    enabled,
  });
