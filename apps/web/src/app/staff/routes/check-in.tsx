// The front desk: the check-in screen, with the subscriptions feature's manual payment for a member who
// owes (features do not import each other; the route puts them together).
import { CheckInScreen } from '@/features/check-in/components/check-in-screen';
import { ManualPaymentDialog } from '@/features/subscriptions/components/manual-payment-dialog';

export function Component() {
  return (
    <CheckInScreen
      paymentDialog={({ subscriptionId, opened, onClose }) => (
        <ManualPaymentDialog subscriptionId={subscriptionId} opened={opened} onClose={onClose} />
      )}
    />
  );
}
