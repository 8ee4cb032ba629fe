// /gyms/{id}. The page's last area (card payments and door access) is composed here, where features may
// meet: the Stripe connection and door-access features add their parts to GymConnectionsArea.
import { GymDoorAccess } from '@/features/access-control/components/gym-door-access';
import { GymConnectionsArea } from '@/features/gyms/components/gym-connections-area';
import { GymDetail } from '@/features/gyms/components/gym-detail';
import { GymCardPayments } from '@/features/stripe-connect/components/gym-card-payments';

export function Component() {
  return (
    <GymDetail
      connections={(gym) => (
        <GymConnectionsArea gym={gym} cardPaymentActions={<GymCardPayments gym={gym} />}>
          <GymDoorAccess gym={gym} />
        </GymConnectionsArea>
      )}
    />
  );
}
