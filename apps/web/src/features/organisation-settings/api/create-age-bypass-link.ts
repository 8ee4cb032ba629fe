// POST /api/organisations/{id}/age-bypass-links: a new link on the join site that lets a person under the
// organisation's minimum age register.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ageBypassLinkSchema } from './organisation-answers';

const answer = z.object({ data: ageBypassLinkSchema });

export const createAgeBypassLink = async (organisationId: number) =>
  (await api.post(`/api/organisations/${organisationId}/age-bypass-links`, undefined, { schema: answer }))
    .data;

export const useCreateAgeBypassLink = (organisationId: number) =>
  useMutation({
    mutationFn: () => createAgeBypassLink(organisationId),
    meta: { errorTitle: 'Could not create the link' },
  });
