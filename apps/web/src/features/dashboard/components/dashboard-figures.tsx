// The stats as cards: each figure this period, and how it moved against the period before.
import { formatMoney } from '@gym/domain/money';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Stats } from '../api/dashboard-api';
import { changeColour, changeLabel } from '../lib/figure-change';

type Compared = { current: number; previous: number };
const count = (n: number) => String(n);

export function DashboardFigures({ stats }: { stats: Stats | undefined }) {
  const days = stats?.period.days ?? 30;
  const compared: {
    label: string;
    value: (s: Stats) => Compared;
    format: (n: number) => string;
    goodWhenUp: boolean;
  }[] = [
    { label: 'Active members', value: (s) => s.active_members, format: count, goodWhenUp: true },
    { label: 'Joins', value: (s) => s.joins, format: count, goodWhenUp: true },
    { label: 'Cancellations', value: (s) => s.cancellations, format: count, goodWhenUp: false },
    { label: 'Revenue collected', value: (s) => s.revenue_collected, format: formatMoney, goodWhenUp: true },
    { label: 'Revenue expected', value: (s) => s.revenue_expected, format: formatMoney, goodWhenUp: true },
    { label: 'Failed payments', value: (s) => s.failed_payments, format: count, goodWhenUp: false },
  ];
  const now: { label: string; value: (s: Stats) => string }[] = [
    { label: 'Balance owing', value: (s) => formatMoney(s.balance_owing) },
    { label: 'Members in grace', value: (s) => String(s.members_in_grace) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Figures">
      {compared.map((f) => (
        <Paper key={f.label} withBorder radius="md" p="sm" role="group" aria-label={f.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          {stats ? (
            <>
              <Text fw={700} size="xl">
                {f.format(f.value(stats).current)}
              </Text>
              <Text size="xs" c={changeColour(f.value(stats).current, f.value(stats).previous, f.goodWhenUp)}>
                {changeLabel(f.value(stats).current, f.value(stats).previous, f.format, days)}
              </Text>
            </>
          ) : (
            <Skeleton height={40} mt={4} />
          )}
        </Paper>
      ))}
      {now.map((f) => (
        <Paper key={f.label} withBorder radius="md" p="sm" role="group" aria-label={f.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          {stats ? (
            <Text fw={700} size="xl">
              {f.value(stats)}
            </Text>
          ) : (
            <Skeleton height={40} mt={4} />
          )}
          <Text size="xs" c="dimmed">
            Now
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
