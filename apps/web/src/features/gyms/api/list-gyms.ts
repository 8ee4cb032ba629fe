// GET /api/gyms: the organisation's gyms this user works at (all of them for organisation admins), with
// their staff and member counts, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gymKeys, gymPageAnswer } from './gym-answers';

const GYMS_PER_PAGE = 24;

const listGyms = (page: number, signal?: AbortSignal) =>
  api.get('/api/gyms', { query: { page, per_page: GYMS_PER_PAGE }, schema: gymPageAnswer, signal });

const gymsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: gymKeys.list(page),
    queryFn: ({ signal }) => listGyms(page, signal),
    placeholderData: keepPreviousData,
  });

export const useGyms = (page: number) => useQuery(gymsQueryOptions(page));
