// One member at the desk: photo, name, membership state in its card colour, what they owe and what the
// door would do. The actions (check in, take a payment) come from the screen.

import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CheckInMember } from '../api/check-in';

const STATE_LABELS: Record<NonNullable<CheckInMember['subscription']>['state'], string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  grace: 'Payment overdue',
  upcoming: 'Not started yet',
};

/** The card colours as Mantine colours (amber is Mantine's yellow). */
const COLOURS = { green: 'green', amber: 'yellow', red: 'red' } as const;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

export function DeskStateBadge({ member }: { member: CheckInMember }) {
  const s = member.subscription;
  if (s === null)
    return (
      <Badge variant="light" color="gray">
        No membership
      </Badge>
    );
  return (
    <Badge variant="filled" color={COLOURS[s.card_colour]} data-card-colour={s.card_colour} autoContrast>
      {STATE_LABELS[s.state]}
    </Badge>
  );
}

export function DeskMemberCard({ member, actions }: { member: CheckInMember; actions: ReactNode }) {
  const s = member.subscription;
  const colour = s ? COLOURS[s.card_colour] : 'gray';
  return (
    <Paper
      component="section"
      aria-label={`${member.name} at the desk`}
      withBorder
      radius="md"
      p="lg"
      data-card-colour={s?.card_colour ?? 'none'}
      style={{ borderLeft: `8px solid var(--mantine-color-${colour}-6)` }}
    >
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Avatar
          src={member.profile_picture}
          alt={member.profile_picture ? `Photo of ${member.name}` : undefined}
          size={128}
          radius="md"
          color={colour}
        >
          {initialsOf(member.name)}
        </Avatar>
        <Stack gap={6} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2}>{member.name}</Title>
          <Group gap="xs">
            <DeskStateBadge member={member} />
            {s ? <Text size="sm">{s.offering_name}</Text> : null}
            {member.home_gym ? (
              <Text size="sm" c="dimmed">
                {member.home_gym.name}
              </Text>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[member.email, member.mobile_number, ...member.tags.map((tag) => `Tag ${tag}`)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {s && s.balance_owing > 0 ? (
            <Text fw={700} c="red.8" data-testid="owing">
              Owes {s.formatted_balance_owing}
              {s.periods_owing > 0
                ? ` (${s.periods_owing} ${s.periods_owing === 1 ? 'payment' : 'payments'} missed)`
                : ''}
            </Text>
          ) : (
            <Text data-testid="owing">Nothing owed</Text>
          )}
          <Text fw={700} c={member.door.allowed ? 'green.9' : 'red.8'} data-testid="door">
            {member.door.allowed
              ? 'The door would let them in'
              : `The door would not let them in: ${member.door.reason_label}`}
          </Text>
          <Group gap="sm" mt="sm">
            {actions}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
