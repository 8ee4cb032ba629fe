// GET /api/organisations/{id}/access-control/places/{place_id}/doors: a Kisi place's doors.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, kisiDoorsAnswer } from './access-answers';

const listDoors = async (organisationId: number, placeId: string, signal?: AbortSignal) =>
  (
    await api.get(`/api/organisations/${organisationId}/access-control/places/${placeId}/doors`, {
      schema: kisiDoorsAnswer,
      signal,
    })
  ).data;

export const useDoors = (organisationId: number, placeId: string) =>
  useQuery({
    queryKey: accessKeys.doors(organisationId, placeId),
    queryFn: ({ signal }) => listDoors(organisationId, placeId, signal),
  });
