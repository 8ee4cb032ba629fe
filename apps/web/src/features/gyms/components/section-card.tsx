// A titled part of a gym screen: a card that is also a labelled region, so headings and landmarks lead
// screen-reader users through the page.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. a 'Set' badge. */
  aside?: ReactNode;
  children: ReactNode;
}

export function SectionCard({ title, description, aside, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="sm">
            <Title order={2} id={headingId}>
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
        {children}
      </Stack>
    </Card>
  );
}
