// POST /api/prices/{price_id}/pro-rata: the first charge for a start date before a billing date, and how
// the server worked it out (the page never does the sum itself).
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// Mirrors `proRataSchema` of apps/server/src/features/prices/prices.schemas.ts.
export const proRataSchema = z.object({
  price_id: z.number(),
  start_date: z.string(),
  billing_date: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  period_days: z.number(),
  remaining_days: z.number(),
  full_amount: z.number(),
  formatted_full_amount: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  joining_fee: z.number(),
  formatted_joining_fee: z.string(),
  first_payment: z.number(),
  formatted_first_payment: z.string(),
  explanation: z.string(),
});

export type ProRata = z.infer<typeof proRataSchema>;

export interface ProRataRequest {
  priceId: number;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'YYYY-MM-DD', or null: the first period starts on the start date. */
  billingDate: string | null;
}

export const calculateProRata = async ({ priceId, startDate, billingDate }: ProRataRequest) =>
  (
    await api.post(
      `/api/prices/${priceId}/pro-rata`,
      { start_date: startDate, billing_date: billingDate },
      { schema: z.object({ data: proRataSchema }) },
    )
  ).data;

/** The calculator shows every failure beside its fields or above the form, so no toast. */
export const useCalculateProRata = () =>
  useMutation({ mutationFn: calculateProRata, meta: { notifyOnError: false } });
