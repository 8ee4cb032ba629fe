// One receipt as New Zealand taxable supply information, laid out to print as a page.
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { useReceipt } from '../api/account-api';
import classes from './account.module.css';

export function ReceiptView({ id }: { id: number }) {
  const receipt = useReceipt(id);
  if (receipt.isLoading) return <Loader aria-label="Loading the receipt" />;
  if (!receipt.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(receipt.error)}
      </Alert>
    );
  const r = receipt.data;
  return (
    <Stack gap="md">
      <Card withBorder padding="lg" className={classes.receipt} aria-label="Receipt">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {r.supplier.gst_number ? 'Tax invoice and receipt' : 'Receipt'} {r.number}
          </Title>
          <Text fw={600}>{r.supplier.legal_name}</Text>
          {r.supplier.trading_name !== r.supplier.legal_name ? (
            <Text size="sm">Trading as {r.supplier.trading_name}</Text>
          ) : null}
          <dl className={classes.facts}>
            <dt>GST number</dt>
            <dd>{r.supplier.gst_number ?? 'Not registered for GST'}</dd>
            <dt>Date</dt>
            <dd>{r.formatted_date}</dd>
            <dt>Description</dt>
            <dd>{r.description}</dd>
            <dt>Total incl. GST</dt>
            <dd>{r.formatted_total}</dd>
            <dt>GST included</dt>
            <dd>{r.formatted_gst}</dd>
            <dt>Paid by</dt>
            <dd>{r.paid_by}</dd>
            {r.refunded > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd>{r.formatted_refunded}</dd>
              </>
            ) : null}
            {r.recipient ? (
              <>
                <dt>Recipient</dt>
                <dd>
                  {r.recipient.name}
                  {r.recipient.address ? `, ${r.recipient.address}` : ''}
                </dd>
              </>
            ) : null}
          </dl>
        </Stack>
      </Card>
      <Group className={classes.noPrint}>
        <Button size="lg" onClick={() => window.print()}>
          Print
        </Button>
        <Button component={Link} to={route('account.payments')} size="lg" variant="subtle">
          Back to payments
        </Button>
      </Group>
    </Stack>
  );
}
