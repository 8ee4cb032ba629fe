// A titled part of a screen: a card that is also a labelled region, so headings and landmarks lead
// screen-reader users through the page. Gym screens and the organisation settings use the same one.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. a 'Set' badge. */
  aside?: ReactNode;
  /** Stretch to the height of its row (sections side by side in a grid). */
  fill?: boolean;
  children: ReactNode | ((headingId: string) => ReactNode);
}

export function SectionCard({ title, description, aside, fill, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="lg"
      h={fill ? '100%' : undefined}
    >
      <Stack gap="md" h={fill ? '100%' : undefined}>
        <Stack gap={4}>
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {aside}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {typeof children === 'function' ? children(headingId) : children}
      </Stack>
    </Card>
  );
}
