// GET /api/reports/at-risk (a page of members at risk with the follow-up figures), POST …/contacts
// (mark one contacted) and POST …/export (CSV), checked with the schemas the server answers with.
import {
  type AtRiskAnswer,
  atRiskAnswer,
  type ContactRequest,
  contactCreatedAnswer,
} from '@gym/domain/api/at-risk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download-file';

export type { AtRiskAnswer, AtRiskRow, FollowUp } from '@gym/domain/api/at-risk';

export const AT_RISK_PER_PAGE = 25;

const atRiskKeys = {
  all: ['reports', 'at-risk'] as const,
  list: (organisationId: number, gymId: number | null, page: number) =>
    ['reports', 'at-risk', organisationId, { gymId, page }] as const,
};

export const useAtRisk = (organisationId: number, gymId: number | null, page: number) =>
  useQuery<AtRiskAnswer>({
    queryKey: atRiskKeys.list(organisationId, gymId, page),
    queryFn: ({ signal }) =>
      api.get('/api/reports/at-risk', {
        query: { gym_id: gymId ?? undefined, page, per_page: AT_RISK_PER_PAGE },
        schema: atRiskAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useMarkContacted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContactRequest) =>
      (await api.post('/api/reports/at-risk/contacts', body, { schema: contactCreatedAnswer })).data,
    // The list is read again in the background: the dialog closes once the contact is saved.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: atRiskKeys.all });
    },
  });
}

export function useExportAtRisk() {
  return useMutation({
    mutationFn: async (gymId: number | null) => {
      const file = await api.download('/api/reports/at-risk/export', {
        method: 'POST',
        body: { gym_id: gymId ?? undefined },
        timeoutMs: 120_000,
      });
      saveFile(file.blob, file.filename ?? 'members-at-risk.csv');
    },
  });
}
