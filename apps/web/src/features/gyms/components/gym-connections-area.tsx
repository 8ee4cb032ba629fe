// The last area of a gym's page, apart from its own settings: card payments (Stripe) and door access.
// Its parts come from their own features, composed in the route module; this feature shows only
// whether card payments are connected.
import { Divider, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import type { Gym } from '../api/gym-answers';
import { PaymentAccountBadge } from './payment-account-badge';

interface GymConnectionsAreaProps {
  gym: Gym;
  /** Actions on the card payment account (connecting Stripe), shown in its card. */
  cardPaymentActions?: ReactNode;
  /** Further sections of the area, such as door access. */
  children?: ReactNode;
}

export function GymConnectionsArea({ gym, cardPaymentActions, children }: GymConnectionsAreaProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" mt="md">
      <Divider />
      <Title order={2} id={headingId} size="h3" c="dimmed">
        Card payments and door access
      </Title>
      <SectionCard
        title="Card payments"
        // The gym's admins see Stripe's own answer (cardPaymentActions); others the stored state. One
        // source each, never both side by side.
        aside={gym.can_manage ? null : <PaymentAccountBadge connected={gym.has_payment_account} />}
        description="Card payments go through the gym's own Stripe account."
      >
        {gym.can_manage && cardPaymentActions ? (
          cardPaymentActions
        ) : (
          <Text size="sm">
            {gym.has_payment_account
              ? 'A Stripe account is linked to this gym.'
              : 'This gym cannot take card payments until its Stripe account is connected.'}
          </Text>
        )}
      </SectionCard>
      {children}
    </Stack>
  );
}
