// Every payment with its status in plain words, and a receipt for each collected one. A list of cards
// rather than a table: it reads on a phone without scrolling sideways.

import { formatDateTime } from '@gym/domain/format';
import { Alert, Button, Card, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { usePayments } from '../api/account-api';

export function PaymentsList() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page);
  if (payments.isLoading) return <Loader aria-label="Loading your payments" />;
  if (!payments.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(payments.error)}
      </Alert>
    );
  const { data, meta } = payments.data;
  if (data.length === 0) return <Text>No payments yet.</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }} aria-label="Payments">
        {data.map((p) => (
          <Card component="li" withBorder key={p.id} padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600}>{p.formatted_total}</Text>
                <Text size="sm">{p.description}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(new Date(p.created_at))}
                </Text>
                <Text size="sm" c={p.has_receipt ? 'green.8' : p.status === 'failed' ? 'red.8' : undefined}>
                  {p.status_text}
                </Text>
              </Stack>
              {p.has_receipt ? (
                <Button
                  component={Link}
                  to={route('account.receipt', { id: p.id })}
                  size="md"
                  variant="light"
                  aria-label={`Receipt for ${p.formatted_total} on ${formatDateTime(new Date(p.created_at))}`}
                >
                  Receipt
                </Button>
              ) : null}
            </Group>
          </Card>
        ))}
      </Stack>
      {meta.last_page > 1 ? (
        <Pagination total={meta.last_page} value={page} onChange={setPage} size="lg" />
      ) : null}
    </Stack>
  );
}
