// Record cash or EFTPOS against what is owed: the amount is one of the totals of whole charges, oldest
// first, as the server offers them, or any other amount up to everything owed (a part payment, paying the
// oldest charges first); the review says what clears (grace, door access) or what is still owing. The key
// made when the dialog opens makes a second press record nothing more.
import type { Balance } from '@gym/domain/api/subscriptions';
import {
  MANUAL_PAYMENT_TYPE_LABELS,
  MANUAL_PAYMENT_TYPES,
  type ManualPaymentType,
} from '@gym/domain/api/subscriptions-requests';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { partPaymentSentence, tooMuchMessage } from '@gym/domain/manual-payment';
import { formatMoney, parseDollars } from '@gym/domain/money';
import { List, Loader, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { errorProps } from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useBalance, useManualPayment } from '../api/subscription-actions';
import { ActionModal } from './action-modal';

interface Props {
  subscriptionId: number;
  opened: boolean;
  onClose: () => void;
}

const newKey = () => `desk-${crypto.randomUUID()}`;
const OTHER = 'other';

/** '$42.00: up to and including the period from 14 Nov 2026 ($21.00)': the date as written, capitalised. */
function chargeLabel(c: Balance['payable'][number]) {
  const what =
    c.kind === 'break_fee'
      ? 'the break fee'
      : `the period from ${formatDate(c.period_start as CalendarDate)}`;
  const owes = c.collected > 0 ? `${c.formatted_remainder} left of ${c.formatted_total}` : c.formatted_total;
  return `${c.formatted_cumulative}: up to and including ${what} (${owes})`;
}

export function ManualPaymentDialog({ subscriptionId, opened, onClose }: Props) {
  const balance = useBalance(subscriptionId, opened);
  const record = useManualPayment(subscriptionId);
  const [type, setType] = useState<ManualPaymentType>('cash');
  const [amount, setAmount] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newKey);
  const [reviewed, setReviewed] = useState(false);
  const payable = balance.data?.payable ?? [];
  // A single choice is chosen already: there is nothing else to pick.
  const only = payable.length === 1 ? String(payable[0]!.cumulative) : null;
  const most = balance.data?.payable_total ?? 0;
  const otherCents = amount === OTHER ? parseDollars(other) : null;
  // The amount to record: a preset total of whole charges, or the other amount typed (en-NZ dollars).
  const chosen =
    amount === OTHER
      ? otherCents !== null && otherCents > 0 && otherCents <= most
        ? otherCents
        : null
      : (payable.find((c) => String(c.cumulative) === (amount ?? only))?.cumulative ?? null);
  const stillOwing = chosen === null ? 0 : (balance.data?.balance_owing ?? 0) - chosen;
  return (
    <ActionModal
      opened={opened}
      onClose={() => {
        setReviewed(false);
        setKey(newKey());
        onClose();
      }}
      title="Record a payment"
      confirmLabel="Record payment"
      fields={(errors) =>
        balance.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading what is owed" />
        ) : balance.isError ? (
          <Text c="red">{errorMessage(balance.error)}</Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm">Balance owing: {balance.data.formatted_balance_owing}</Text>
            {balance.data.in_flight.length > 0 ? (
              <Text size="sm" c="dimmed">
                {balance.data.in_flight.length === 1
                  ? '1 payment is still with the bank or card provider and can be paid by hand only if it fails.'
                  : `${balance.data.in_flight.length} payments are still with the bank or card provider and can be paid by hand only if they fail.`}
              </Text>
            ) : null}
            <div>
              <Text size="sm" fw={500} id="payment-type-label">
                Paid by
              </Text>
              <SegmentedControl
                aria-labelledby="payment-type-label"
                value={type}
                onChange={(value) => {
                  setType(value as ManualPaymentType);
                  setReviewed(false);
                }}
                data={MANUAL_PAYMENT_TYPES.map((value) => ({
                  value,
                  label: MANUAL_PAYMENT_TYPE_LABELS[value],
                }))}
              />
            </div>
            {payable.length === 0 ? (
              <Text size="sm">Nothing can be paid by hand now.</Text>
            ) : (
              <Radio.Group
                label="Amount"
                required
                value={amount ?? only}
                onChange={(value) => {
                  setAmount(value);
                  setReviewed(false);
                }}
                {...errorProps(errors, 'amount')}
              >
                <Stack gap={6} mt={6}>
                  {payable.map((c) => (
                    <Radio key={c.id} value={String(c.cumulative)} label={chargeLabel(c)} />
                  ))}
                  <Radio value={OTHER} label="Other amount" />
                </Stack>
              </Radio.Group>
            )}
            {amount === OTHER ? (
              <TextInput
                label="Other amount (NZD)"
                description={`Up to ${formatMoney(most)}; the oldest charges are paid first.`}
                leftSection="$"
                inputMode="decimal"
                autoComplete="off"
                value={other}
                onChange={(event) => {
                  setOther(event.currentTarget.value);
                  setReviewed(false);
                }}
                {...errorProps(errors, 'other_amount')}
              />
            ) : null}
            <TextInput
              label="Note"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              {...errorProps(errors, 'note')}
            />
          </Stack>
        )
      }
      summary={
        reviewed && chosen !== null ? (
          <List size="sm">
            <List.Item>
              {formatMoney(chosen)} in {MANUAL_PAYMENT_TYPE_LABELS[type]} is recorded as paid, with you as the
              staff member who took it.
            </List.Item>
            <List.Item>
              {stillOwing <= 0
                ? 'Nothing will be owed: grace ends and door access is restored if it had stopped.'
                : `${formatMoney(stillOwing)} will still be owing: grace continues until everything is paid.`}
            </List.Item>
          </List>
        ) : null
      }
      onReview={async () => {
        if (amount === OTHER && chosen === null) {
          const message =
            otherCents === null
              ? 'Enter an amount in dollars and cents'
              : otherCents <= 0
                ? 'The value must be more than $0.00'
                : tooMuchMessage(most);
          throw new ApiError(422, message, { errors: { other_amount: [message] } });
        }
        if (chosen === null)
          throw new ApiError(422, 'Choose an amount', { errors: { amount: ['Choose an amount'] } });
        setReviewed(true);
      }}
      onConfirm={async () => {
        const made = await record.mutateAsync({
          type,
          amount: chosen!,
          idempotency_key: key,
          note: note.trim() === '' ? null : note,
        });
        const left = made.subscription.balance_owing;
        notifySuccess(
          made.grace_cleared
            ? 'Paid in full: grace has ended.'
            : left > 0
              ? `${partPaymentSentence(chosen!, left)}.`
              : `${made.payments.length} ${made.payments.length === 1 ? 'charge' : 'charges'} paid.`,
          'Payment recorded',
        );
        setReviewed(false);
        setAmount(null);
        setOther('');
        setNote('');
        setKey(newKey());
      }}
    />
  );
}
