// The member's latest membership as a card in its colour (green, amber, red: derived by the server from
// the domain rules), with its state, 'Flexi Membership' or 'Initial term' with the commitment date and
// short term label, the money facts, and the slot where the subscription actions go.
import { billingFrequencyLabel } from '@gym/domain/billing-frequency';
import { type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { paymentStatusLabel } from '@gym/domain/labels';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MemberSubscription } from '../api/member-answers';
import { CARD_COLOURS, StateBadge } from './state-badge';

const date = (value: string | null) => (value ? formatDate(value as CalendarDate) : '—');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * The membership's first payment as the server picks it (the attempt that settled the first charge, not
 * a declined one before it): what was taken, its card surcharge, and how it stands.
 */
function firstPaymentText(p: NonNullable<MemberSubscription['first_payment']>): string {
  const surcharge = p.surcharge > 0 ? ` (incl. ${p.formatted_surcharge} card surcharge)` : '';
  const when = formatDate(toCalendarDate(new Date(p.created_at)));
  return `${p.formatted_total}${surcharge} · ${paymentStatusLabel(p.status)}, ${when}`;
}

export function SubscriptionCard({
  subscription,
  actions,
}: {
  subscription: MemberSubscription | null;
  /** The subscription actions (pause, cancel, price change, manual payment), from the route module. */
  actions?: ReactNode;
}) {
  if (!subscription)
    return (
      <Paper component="section" withBorder radius="md" p="md" aria-label="Membership">
        <Title order={2} size="h4">
          Membership
        </Title>
        <Text c="dimmed" mt="xs">
          No membership yet.
        </Text>
        {actions}
      </Paper>
    );
  const s = subscription;
  const colour = CARD_COLOURS[s.card_colour];
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-label="Membership"
      data-card-colour={s.card_colour}
      style={{ borderLeft: `6px solid var(--mantine-color-${colour}-6)` }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {s.price.offering.name}
            </Title>
            <Text size="sm" c="dimmed">
              {s.price.formatted_amount} {billingFrequencyLabel(s.price.billing_frequency).toLowerCase()} at{' '}
              {s.gym.name}
            </Text>
          </div>
          <Group gap="xs">
            <StateBadge state={s.state} colour={s.card_colour} />
            {s.is_staging && (
              <Badge variant="outline" color="gray">
                Waiting for the member to confirm
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap="xs">
          <Text fw={600}>{s.membership_type.label}</Text>
          {s.membership_type.commitment_date && (
            <Text size="sm">until {formatDate(s.membership_type.commitment_date as CalendarDate)}</Text>
          )}
          {s.membership_type.short_term_label && (
            <Badge variant="light" color="gray">
              {s.membership_type.short_term_label}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Started">{date(s.start_date)}</Fact>
          <Fact label="Current period">
            {s.current_period_start ? `${date(s.current_period_start)} – ${date(s.current_period_end)}` : '—'}
          </Fact>
          <Fact label="Next payment">
            {s.upcoming_payment
              ? `${s.upcoming_payment.formatted_amount} on ${date(s.upcoming_payment.due_date)}`
              : s.cancelled_at
                ? 'None'
                : date(s.current_period_end ?? s.start_date)}
          </Fact>
          <Fact label="Balance owing">
            <Text span c={s.balance_owing > 0 ? 'red' : undefined} fw={s.balance_owing > 0 ? 700 : undefined}>
              {s.formatted_balance_owing}
            </Text>
            {s.periods_owing > 0
              ? ` (${s.periods_owing} ${s.periods_owing === 1 ? 'period' : 'periods'})`
              : ''}
          </Fact>
          <Fact label="Paid so far">{s.formatted_payments_sum}</Fact>
          {s.first_payment && <Fact label="First payment">{firstPaymentText(s.first_payment)}</Fact>}
          {s.grace_period_ends_at && <Fact label="Grace ends">{date(s.grace_period_ends_at)}</Fact>}
          {s.pause_start_at && (
            <Fact label="Pause">
              {date(s.pause_start_at)} – {date(s.pause_end_at)} ({s.pause_days_remaining} days left)
            </Fact>
          )}
          {s.cancelled_at && <Fact label="Cancelled">{formatDateTime(new Date(s.cancelled_at))}</Fact>}
          {s.ends_at && <Fact label="Access ends">{date(s.ends_at)}</Fact>}
          {s.transition_to_price && (
            <Fact label="Price change">
              {s.transition_to_price.formatted_amount} from {date(s.transition_takes_effect_at)}
            </Fact>
          )}
          {s.cooling_period_ends_at && <Fact label="Cooling-off ends">{date(s.cooling_period_ends_at)}</Fact>}
        </SimpleGrid>
        {s.cancellation_reasons.length > 0 && (
          <Text size="sm">
            Reasons: {s.cancellation_reasons.join(', ')}
            {s.cancellation_comments ? ` — ${s.cancellation_comments}` : ''}
          </Text>
        )}
        {actions && (
          <>
            <Divider />
            {/* Subscription actions slot: filled by the route module (features/subscriptions). */}
            <div data-slot="subscription-actions">{actions}</div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
