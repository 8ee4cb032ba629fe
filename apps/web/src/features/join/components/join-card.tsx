// The join site's frame for each step: phone-first, one column, a heading and the step's content.
import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function JoinCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={480} px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
