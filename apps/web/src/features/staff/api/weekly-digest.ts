// GET/PUT /api/me/weekly-digest: whether the Monday digest email comes to you (organisation admins).
import { type DigestSetting, digestSettingAnswer } from '@gym/domain/api/at-risk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

export const useWeeklyDigest = (organisationId: number) =>
  useQuery({
    queryKey: staffKeys.weeklyDigest(organisationId),
    queryFn: async ({ signal }) =>
      (await api.get('/api/me/weekly-digest', { schema: digestSettingAnswer, signal })).data,
  });

export function useSetWeeklyDigest(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DigestSetting) =>
      (await api.put('/api/me/weekly-digest', body, { schema: digestSettingAnswer })).data,
    onSuccess: (data) => client.setQueryData(staffKeys.weeklyDigest(organisationId), data),
  });
}
