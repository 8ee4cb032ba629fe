// /dashboard: a welcome, then the figures and charts for one gym or every gym one administers (the
// whole organisation for its admins), chosen in the address (?gym=2&period=7), and the members who
// pay but have stopped coming. Staff who may not see money get the welcome alone.
import { STATS_PERIODS } from '@gym/domain/api/dashboard';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/table-states';
import { useGymOptions } from '@/lib/gym-options';
import { useCurrentUser } from '@/lib/session/me';
import { useActiveUsers, useCostAndVisits, useStats, useUserBreakdown } from '../api/dashboard-api';
import { DashboardCharts } from './dashboard-charts';
import { DashboardFigures } from './dashboard-figures';
import { DashboardWelcome } from './dashboard-welcome';
import { StoppedComing } from './stopped-coming';

export function DashboardScreen() {
  const user = useCurrentUser();
  return user.is_organisation_admin || user.is_gym_admin ? <DashboardWithFigures /> : <DashboardWelcome />;
}

function DashboardWithFigures() {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id ?? 0;
  const gyms = useGymOptions();
  const [params, setParams] = useSearchParams();
  const gymParam = Number(params.get('gym'));
  const gymId = Number.isInteger(gymParam) && gymParam > 0 ? gymParam : null;
  const periodParam = params.get('period');
  const period = STATS_PERIODS.includes(periodParam as (typeof STATS_PERIODS)[number])
    ? Number(periodParam)
    : 30;
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const stats = useStats(organisationId, gymId, period);
  const activeUsers = useActiveUsers(organisationId, gymId);
  const breakdown = useUserBreakdown(organisationId, gymId);
  const costs = useCostAndVisits(organisationId, gymId);
  return (
    <Stack gap="md">
      <DashboardWelcome />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Showing"
          data={[
            { value: '', label: user.is_organisation_admin ? 'Whole organisation' : 'All my gyms' },
            ...gyms.map((gym) => ({ value: String(gym.id), label: gym.name })),
          ]}
          value={gymId === null ? '' : String(gymId)}
          onChange={(value) => set('gym', value ?? '')}
          allowDeselect={false}
          w={220}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dashboard-period">
            Period
          </Text>
          <SegmentedControl
            aria-labelledby="dashboard-period"
            data={STATS_PERIODS.map((days) => ({ value: days, label: `${days} days` }))}
            value={String(period)}
            onChange={(value) => set('period', value === '30' ? '' : value)}
          />
        </Stack>
      </Group>
      {stats.isError ? (
        <LoadErrorAlert what="the figures" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <DashboardFigures stats={stats.data} />
      )}
      <StoppedComing stats={stats.data} />
      <DashboardCharts activeUsers={activeUsers} breakdown={breakdown} costs={costs} />
    </Stack>
  );
}
