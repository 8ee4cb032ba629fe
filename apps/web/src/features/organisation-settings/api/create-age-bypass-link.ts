// POST /api/organisations/{id}/age-bypass-links: a new link on the join site that lets a person under the
// organisation's minimum age register.
import { ageBypassLinkAnswer } from '@gym/domain/api/organisations';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const createAgeBypassLink = async (organisationId: number) =>
  (
    await api.post(`/api/organisations/${organisationId}/age-bypass-links`, undefined, {
      schema: ageBypassLinkAnswer,
    })
  ).data;

export const useCreateAgeBypassLink = (organisationId: number) =>
  useMutation({
    mutationFn: () => createAgeBypassLink(organisationId),
    meta: { errorTitle: 'Could not create the link' },
  });
