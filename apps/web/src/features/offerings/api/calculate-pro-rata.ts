// POST /api/prices/{price_id}/pro-rata: the first charge for a start date before a billing date, and how
// the server worked it out (the page never does the sum itself).
import { proRataAnswer } from '@gym/domain/api/prices';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ProRata } from '@gym/domain/api/prices';

interface ProRataRequest {
  priceId: number;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'YYYY-MM-DD', or null: the first period starts on the start date. */
  billingDate: string | null;
}

const calculateProRata = async ({ priceId, startDate, billingDate }: ProRataRequest) =>
  (
    await api.post(
      `/api/prices/${priceId}/pro-rata`,
      { start_date: startDate, billing_date: billingDate },
      { schema: proRataAnswer },
    )
  ).data;

/** The calculator shows every failure beside its fields or above the form, so no toast. */
export const useCalculateProRata = () =>
  useMutation({ mutationFn: calculateProRata, meta: { notifyOnError: false } });
