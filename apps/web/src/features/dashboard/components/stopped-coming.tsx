// Members who pay but have not come in for STOPPED_COMING_DAYS days, longest away first, each a link
// to the member.
import { STOPPED_COMING_DAYS } from '@gym/domain/api/dashboard';
import { formatDate } from '@gym/domain/format';
import { List, Paper, Skeleton, Text, Title } from '@mantine/core';
import { RouteLink } from '@/components/ui/route-link';
import type { Stats } from '../api/dashboard-api';

export function StoppedComing({ stats }: { stats: Stats | undefined }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="stopped-coming">
      <Title order={2} size="h4" id="stopped-coming" mb={4}>
        Paying but not coming in
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Active members with no visit in {STOPPED_COMING_DAYS} days
        {stats ? ` (${stats.stopped_coming_count} in all)` : ''}.
      </Text>
      {!stats ? (
        <Skeleton height={60} />
      ) : stats.stopped_coming.length === 0 ? (
        <Text size="sm">Everyone who pays has been in lately.</Text>
      ) : (
        <List spacing={4} size="sm">
          {stats.stopped_coming.map((m) => (
            <List.Item key={m.id}>
              <RouteLink to="members.show" params={{ id: m.id }}>
                {m.name}
              </RouteLink>{' '}
              <Text span size="xs" c="dimmed">
                {m.gym} · {m.last_visit_at ? `last in ${formatDate(new Date(m.last_visit_at))}` : 'never in'}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
