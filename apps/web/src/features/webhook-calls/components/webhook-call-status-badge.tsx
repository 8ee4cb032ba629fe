// A call's status as a coloured badge: processed green, duplicate grey, rejected orange, failed red.
import { Badge } from '@mantine/core';
import { statusBadge } from '../lib/webhook-call-display';

export function WebhookCallStatusBadge({ status }: { status: string }) {
  const badge = statusBadge(status);
  return (
    <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
      {badge.label}
    </Badge>
  );
}
