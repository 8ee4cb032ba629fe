// Whether the gym can take card payments: it has a connected Stripe account.
import { Badge } from '@mantine/core';
import { IconCreditCard, IconCreditCardOff } from '@tabler/icons-react';

export function PaymentAccountBadge({ connected }: { connected: boolean }) {
  return connected ? (
    <Badge color="green" variant="light" leftSection={<IconCreditCard size={14} aria-hidden />}>
      Card payments connected
    </Badge>
  ) : (
    <Badge color="gray" variant="light" leftSection={<IconCreditCardOff size={14} aria-hidden />}>
      Card payments not connected
    </Badge>
  );
}
