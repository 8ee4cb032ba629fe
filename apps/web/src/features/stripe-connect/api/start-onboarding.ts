// POST /api/gyms/{id}/stripe/redirect: the address of Stripe's onboarding form; the browser goes there.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { redirectAnswer } from './stripe-answers';

const startOnboarding = async (gymId: number) =>
  (await api.post(`/api/gyms/${gymId}/stripe/redirect`, undefined, { schema: redirectAnswer })).data;

/** The caller shows a failure beside the button, so no toast. */
export function useStartOnboarding(leave: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: startOnboarding,
    meta: { notifyOnError: false },
    onSuccess: ({ url }) => leave(url),
  });
}
