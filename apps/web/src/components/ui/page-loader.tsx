import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a screen's code or first data loads. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status">
      <Loader size="md" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
