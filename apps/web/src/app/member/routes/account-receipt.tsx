import { useParams } from 'react-router';
import { AccountFrame } from '@/features/account/components/account-frame';
import { ReceiptView } from '@/features/account/components/receipt-view';

export function Component() {
  const { id } = useParams();
  return (
    <AccountFrame title="Receipt">
      <ReceiptView id={Number(id)} />
    </AccountFrame>
  );
}
