import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_GROUP_LABELS, type PaymentStatusGroup } from '../api/payment-answers';

const COLOURS: Record<PaymentStatusGroup, string> = {
  successful: 'green',
  upcoming: 'blue',
  pending: 'yellow',
  failed: 'red',
};

export function PaymentStatusBadge({ group }: { group: PaymentStatusGroup }) {
  return (
    <Badge color={COLOURS[group]} variant="light">
      {PAYMENT_STATUS_GROUP_LABELS[group]}
    </Badge>
  );
}
