// Schedule a price change: the new price (the organisation's prices on sale at the gym; another billing
// frequency is said, with what happens to the period paid) and the date it takes effect (default the end of the current period); the review is the member's
// notice exactly as it will be sent. The member's price-change history is below.
import type { EmailPreview, SubscriptionActions } from '@gym/domain/api/subscriptions';
import { billingFrequencyLabel, isBillingFrequency } from '@gym/domain/billing-frequency';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Alert, Badge, Divider, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { NzDateInput } from '@/components/ui/nz-date-input';
import { errorProps } from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import {
  priceChangeEmailPreview,
  useOrganisationPrices,
  usePriceChangeHistory,
  useSchedulePriceChange,
} from '../api/subscription-actions';
import { ActionModal } from './action-modal';
import { EmailPreviewCard } from './email-preview-card';

const frequencyLabel = (frequency: string) =>
  isBillingFrequency(frequency) ? billingFrequencyLabel(frequency).toLowerCase() : frequency;

interface Props {
  subscription: SubscriptionActions;
  opened: boolean;
  onClose: () => void;
}

function History({ userId }: { userId: number }) {
  const history = usePriceChangeHistory(userId, 1);
  if (history.isPending) return <Text size="sm">Loading the price history…</Text>;
  if (history.isError)
    return (
      <Text size="sm" c="red">
        {errorMessage(history.error)}
      </Text>
    );
  if (history.data.data.length === 0) return <Text size="sm">No price changes yet.</Text>;
  return (
    <Table striped aria-label="Price-change history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>From</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Takes effect</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>By</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.data.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{c.formatted_from_amount}</Table.Td>
            <Table.Td>
              {c.formatted_to_amount} ({c.to_price_name})
            </Table.Td>
            <Table.Td>{formatDate(c.takes_effect_at as CalendarDate)}</Table.Td>
            <Table.Td>
              <Badge color={c.status === 'applied' ? 'green' : c.status === 'scheduled' ? 'blue' : 'gray'}>
                {c.status}
              </Badge>
            </Table.Td>
            <Table.Td>{c.created_by?.name ?? '--'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function PriceChangeDialog({ subscription, opened, onClose }: Props) {
  const organisationId = useCurrentUser().current_organisation?.id ?? null;
  const prices = useOrganisationPrices(opened ? organisationId : null);
  const [priceId, setPriceId] = useState<string | null>(null);
  const [takesEffectAt, setTakesEffectAt] = useState('');
  const [email, setEmail] = useState<EmailPreview | null>(null);
  const schedule = useSchedulePriceChange();
  const choices = (prices.data ?? [])
    .filter(
      (p) =>
        (p.billing_frequency === subscription.price.billing_frequency ||
          (p.billing_frequency !== 'one_off' && subscription.price.billing_frequency !== 'one_off')) &&
        p.id !== subscription.price.id &&
        (p.gym === null || p.gym.id === subscription.gym_id),
    )
    .map((p) => ({
      value: String(p.id),
      label: `${p.offering.name}: ${p.formatted_amount} ${p.billing_frequency_label.toLowerCase()}${p.gym ? ` (${p.gym.name})` : ''}`,
    }));
  const body = () => ({
    subscription_id: subscription.id,
    price_id: priceId === null ? (undefined as never) : Number(priceId),
    takes_effect_at: takesEffectAt === '' ? null : (takesEffectAt as CalendarDate),
  });
  const defaultDate = subscription.current_period_end ?? subscription.start_date;
  const chosen = (prices.data ?? []).find((p) => String(p.id) === priceId) ?? null;
  const fromLabel = frequencyLabel(subscription.price.billing_frequency);
  const toLabel = chosen ? frequencyLabel(chosen.billing_frequency) : null;
  const changeDate = (takesEffectAt === '' ? defaultDate : takesEffectAt) as CalendarDate;
  return (
    <ActionModal
      opened={opened}
      onClose={() => {
        setEmail(null);
        onClose();
      }}
      title="Change price"
      confirmLabel="Schedule price change"
      fields={(errors) => (
        <Stack gap="sm">
          <Text size="sm">
            Now {subscription.price.formatted_amount} {fromLabel}. Payments for periods starting on or after
            the date are at the new price; the member is emailed before it takes effect.
          </Text>
          <Select
            label="New price"
            required
            searchable
            data={choices}
            value={priceId}
            onChange={(value) => {
              setPriceId(value);
              setEmail(null);
            }}
            placeholder={prices.isPending ? 'Loading prices…' : 'Choose a price'}
            nothingFoundMessage="No other price is on sale at this gym"
            {...errorProps(errors, 'price_id')}
          />
          <NzDateInput
            label="Takes effect on"
            description={`Leave empty for the end of the current period (${formatDate(defaultDate as CalendarDate)})`}
            value={takesEffectAt}
            onChange={(value) => {
              setTakesEffectAt(value);
              setEmail(null);
            }}
            {...errorProps(errors, 'takes_effect_at')}
          />
          {chosen && toLabel && chosen.billing_frequency !== subscription.price.billing_frequency ? (
            <Alert color="blue" title={`Billing changes from ${fromLabel} to ${toLabel}`}>
              The current {fromLabel} period runs to its end as paid: nothing is refunded and nothing is
              charged for part of a period. From {formatDate(changeDate)} the member is billed {toLabel} (
              {chosen.formatted_amount}), the first {toLabel} payment on that day, which becomes their billing
              day. The change must start on a day a {fromLabel} period starts.
            </Alert>
          ) : null}
        </Stack>
      )}
      summary={email ? <EmailPreviewCard email={email} /> : null}
      onReview={async () => setEmail(await priceChangeEmailPreview(body()))}
      onConfirm={async () => {
        const made = await schedule.mutateAsync(body());
        notifySuccess(
          `${made.price_change.formatted_to_amount} from ${formatDate(made.price_change.takes_effect_at as CalendarDate)}.`,
          'Price change scheduled',
        );
        setEmail(null);
      }}
    />
  );
}

export function PriceHistorySection({ userId }: { userId: number }) {
  return (
    <Stack gap="xs">
      <Divider />
      <Title order={4}>Price-change history</Title>
      <History userId={userId} />
    </Stack>
  );
}
