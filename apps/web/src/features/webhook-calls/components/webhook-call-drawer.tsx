// One webhook call in full: what it was, what became of it, and the body and headers as recorded
// (credentials dropped and signatures masked by the server).

import { formatDateTime } from '@gym/domain/format';
import { webhookEventLabel } from '@gym/domain/labels';
import { Code, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { WebhookCall } from '../api/webhook-call-answers';
import { headerEntries, prettyBody, providerLabel, remarkOf } from '../lib/webhook-call-display';
import { WebhookCallStatusBadge } from './webhook-call-status-badge';

const when = (value: string | null) => (value ? formatDateTime(new Date(value)) : '--');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </div>
  );
}

function Details({ call }: { call: WebhookCall }) {
  const remark = remarkOf(call);
  const body = prettyBody(call.payload);
  const headers = headerEntries(call.headers);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <WebhookCallStatusBadge status={call.status} />
        <Text size="sm" c="dimmed">
          Signature {call.signature_valid ? 'valid' : 'not valid'}
        </Text>
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label="Received">{when(call.received_at)}</Fact>
        <Fact label="Processed">{when(call.processed_at)}</Fact>
        <Fact label="Event ID">{call.external_id ?? '--'}</Fact>
        <Fact label={remark?.kind === 'error' ? 'Error' : 'Note'}>{remark?.text ?? '--'}</Fact>
      </SimpleGrid>
      <section aria-labelledby="webhook-call-body">
        <Title order={3} size="h5" id="webhook-call-body" mb="xs">
          Body
        </Title>
        {body === null ? (
          <Text size="sm" c="dimmed">
            No body was kept: it was empty or not JSON.
          </Text>
        ) : (
          <Code block aria-label="Recorded body" style={{ maxHeight: '60vh', overflow: 'auto' }}>
            {body}
          </Code>
        )}
      </section>
      {headers.length > 0 ? (
        <section aria-labelledby="webhook-call-headers">
          <Title order={3} size="h5" id="webhook-call-headers" mb="xs">
            Headers
          </Title>
          <Table aria-labelledby="webhook-call-headers" withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {headers.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <Text size="xs" ff="monospace">
                      {name}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {value}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}
    </Stack>
  );
}

export function WebhookCallDrawer({ call, onClose }: { call: WebhookCall | null; onClose: () => void }) {
  return (
    <Drawer
      opened={call !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={call ? `${providerLabel(call.provider)}: ${webhookEventLabel(call.event_type)}` : undefined}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {call ? <Details call={call} /> : null}
    </Drawer>
  );
}
