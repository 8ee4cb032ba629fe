// GET /api/expected-payments-debugging: for a date range, the charges the billing rules call for next to
// the charges the engine made, drift first, with where each member's membership stands (organisation
// admins only).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ExpectedPaymentsQuery } from '../lib/expected-payment-filters';
import { expectedPaymentKeys, expectedPaymentsAnswer } from './expected-payment-answers';

const EXPECTED_PAYMENTS_PER_PAGE = 50;

const listExpectedPayments = (query: ExpectedPaymentsQuery, signal?: AbortSignal) =>
  api.get('/api/expected-payments-debugging', {
    query: {
      from: query.from,
      to: query.to,
      gym_id: query.gymId ?? undefined,
      drift_only: query.driftOnly ? 'true' : undefined,
      status: query.status ?? undefined,
      page: query.page,
      per_page: EXPECTED_PAYMENTS_PER_PAGE,
    },
    schema: expectedPaymentsAnswer,
    signal,
  });

/** Keyed by organisation: the server answers for the session's current one. Waits for a range. */
export const useExpectedPayments = (organisationId: number, query: ExpectedPaymentsQuery | null) =>
  useQuery({
    queryKey: expectedPaymentKeys.list(organisationId, query ?? {}),
    queryFn: ({ signal }) => listExpectedPayments(query!, signal),
    enabled: query !== null,
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
