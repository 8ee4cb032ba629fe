// A write-only secret's state: the value itself never reaches the page.
import { Badge, Group, Text } from '@mantine/core';
import { secretState } from '../lib/integration-forms';

export function SecretBadge({ isSet, label }: { isSet: boolean; label?: string }) {
  const badge = (
    <Badge color={isSet ? 'green' : 'gray'} variant="light">
      {secretState(isSet)}
    </Badge>
  );
  if (!label) return badge;
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {badge}
    </Group>
  );
}
