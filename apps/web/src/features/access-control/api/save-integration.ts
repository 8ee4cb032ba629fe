// POST /api/organisations/{id}/access-control/integration: connect Kisi with an API key (checked by Kisi).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, integrationAnswer } from './access-answers';

interface SaveIntegrationInput {
  organisationId: number;
  apiKey: string;
  /** The organisation's own event-webhook signing key: absent keeps the stored one, null removes it. */
  webhookSecret?: string | null;
}

const saveIntegration = async ({ organisationId, apiKey, webhookSecret }: SaveIntegrationInput) =>
  (
    await api.post(
      `/api/organisations/${organisationId}/access-control/integration`,
      {
        integration_type: 'kisi',
        api_key: apiKey,
        ...(webhookSecret === undefined ? {} : { webhook_secret: webhookSecret }),
      },
      { schema: integrationAnswer },
    )
  ).data;

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntegration,
    meta: { errorTitle: 'Could not connect Kisi' },
    onSuccess: (_integration, { organisationId }) =>
      queryClient.invalidateQueries({ queryKey: accessKeys.organisation(organisationId) }),
  });
}
