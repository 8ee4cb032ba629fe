// The frame of the sign-in screens: the product name, the screen's heading, and a narrow column.
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { product } from '@/config/product';

interface AuthCardProps {
  title: string;
  /** A line under the heading saying what this screen is for. */
  intro?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <Stack gap="md" maw={440} mx="auto" py="lg">
      <Stack gap={4}>
        <Text fw={700} c="dimmed">
          {product.name}
        </Text>
        <Title order={1}>{title}</Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </Stack>
      <Paper p="lg" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}
