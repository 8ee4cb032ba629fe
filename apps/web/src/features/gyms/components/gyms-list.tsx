// /gyms: the organisation's gyms as cards, a page at a time (the page number lives in the address).
import {
  Alert,
  Box,
  Button,
  EmptyState,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { errorMessage } from '@/lib/notify';
import { useGyms } from '../api/list-gyms';
import { GymCard } from './gym-card';

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function GymsBody({ page }: { page: number }) {
  const gyms = useGyms(page);
  if (gyms.isPending) {
    return (
      <Box role="status" aria-busy="true">
        <VisuallyHidden>Loading the gyms…</VisuallyHidden>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden>
          {[1, 2, 3].map((card) => (
            <Skeleton key={card} height={180} radius="md" />
          ))}
        </SimpleGrid>
      </Box>
    );
  }
  if (gyms.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the gyms">
        {errorMessage(gyms.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void gyms.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (gyms.data.data.length === 0) {
    return (
      <EmptyState
        icon={<IconBuilding size={32} aria-hidden />}
        title="No gyms to show"
        description="You do not work at any gym of this organisation yet. Ask an organisation admin to add you to one."
      />
    );
  }
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: gyms.isPlaceholderData ? 0.6 : 1 }}
      aria-label="Gyms"
    >
      {gyms.data.data.map((gym) => (
        <li key={gym.id}>
          <GymCard gym={gym} />
        </li>
      ))}
    </SimpleGrid>
  );
}

export function GymsList() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const gyms = useGyms(page);
  const meta = gyms.data?.meta;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Gyms</Title>
        <Text c="dimmed">
          Each gym's staff, members and card payments at a glance. Open one to change it.
        </Text>
      </Stack>
      <GymsBody page={page} />
      <ListPagination meta={meta} noun="gyms" onPage={(next) => setParams({ page: String(next) })} />
    </Stack>
  );
}
