// After any change to a gym: the answer is the gym as it now is, so it replaces the cached one; lists
// refresh, and so does the signed-in user (the gym switcher shows gym names).
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/lib/session/me';
import { type Gym, gymKeys } from './gym-answers';

export function useGymSaved() {
  const queryClient = useQueryClient();
  return (gym: Gym, options: { nameMayHaveChanged?: boolean } = {}) => {
    queryClient.setQueryData(gymKeys.detail(gym.id), gym);
    void queryClient.invalidateQueries({ queryKey: gymKeys.all, refetchType: 'none' });
    if (options.nameMayHaveChanged) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
}
