// GET /api/organisations/{id}/access-control/integration: whether Kisi is connected (never the key).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, integrationAnswer } from './access-answers';

const getIntegration = async (organisationId: number, signal?: AbortSignal) =>
  (
    await api.get(`/api/organisations/${organisationId}/access-control/integration`, {
      schema: integrationAnswer,
      signal,
    })
  ).data;

export const useIntegration = (organisationId: number, enabled: boolean) =>
  useQuery({
    queryKey: accessKeys.integration(organisationId),
    queryFn: ({ signal }) => getIntegration(organisationId, signal),
    enabled,
  });
