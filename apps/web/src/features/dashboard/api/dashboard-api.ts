// The dashboard's calls (GET /api/stats, /api/active-users, /api/user-breakdown,
// /api/cost-and-visit-breakdown), checked on arrival with the schemas the server answers with.
import {
  activeUsersAnswer,
  costAndVisitAnswer,
  statsAnswer,
  userBreakdownAnswer,
} from '@gym/domain/api/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type {
  ActiveUsersAnswer,
  CostAndVisitBreakdown,
  Stats,
  UserBreakdown,
} from '@gym/domain/api/dashboard';

const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (organisationId: number, call: string, query: object) =>
    ['dashboard', organisationId, call, query] as const,
};

const gymQuery = (gymId: number | null) => (gymId === null ? {} : { gym_id: gymId });

export const useStats = (organisationId: number, gymId: number | null, periodDays: number) =>
  useQuery({
    queryKey: dashboardKeys.of(organisationId, 'stats', { gymId, periodDays }),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/stats', {
          query: { ...gymQuery(gymId), period_days: periodDays },
          schema: statsAnswer,
          signal,
        })
      ).data,
  });

export const useActiveUsers = (organisationId: number, gymId: number | null) =>
  useQuery({
    queryKey: dashboardKeys.of(organisationId, 'active-users', { gymId }),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/active-users', {
          query: { ...gymQuery(gymId), interval: 'week' },
          schema: activeUsersAnswer,
          signal,
        })
      ).data,
  });

export const useUserBreakdown = (organisationId: number, gymId: number | null) =>
  useQuery({
    queryKey: dashboardKeys.of(organisationId, 'user-breakdown', { gymId }),
    queryFn: async ({ signal }) =>
      (await api.get('/api/user-breakdown', { query: gymQuery(gymId), schema: userBreakdownAnswer, signal }))
        .data,
  });

export const useCostAndVisits = (organisationId: number, gymId: number | null) =>
  useQuery({
    queryKey: dashboardKeys.of(organisationId, 'cost-and-visit-breakdown', { gymId }),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/cost-and-visit-breakdown', {
          query: gymQuery(gymId),
          schema: costAndVisitAnswer,
          signal,
        })
      ).data,
  });
