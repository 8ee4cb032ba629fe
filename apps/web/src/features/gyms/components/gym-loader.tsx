// Loads the gym of a /gyms/{id} address and shows its loading and failure states; the screen renders
// only once the gym is here.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { route } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/notify';
import { useGym } from '../api/get-gym';
import type { Gym } from '../api/gym-answers';
import { gymIdOf } from '../lib/gym-id';

function Missing({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={560}>
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      <Button component={Link} to={route('gyms.index')} variant="default">
        Back to the gyms
      </Button>
    </Stack>
  );
}

function LoadedGym({ id, children }: { id: number; children: (gym: Gym) => ReactNode }) {
  const gym = useGym(id);
  if (gym.isPending) return <PageLoader />;
  if (gym.isError) {
    if (isApiError(gym.error) && gym.error.status === 404) {
      return <Missing title="Gym not found" text="There is no such gym in this organisation." />;
    }
    if (isApiError(gym.error) && gym.error.status === 403) {
      return <Missing title="No access to this gym" text={gym.error.message} />;
    }
    return (
      <Alert color="red" role="alert" title="Could not load the gym">
        <Group gap="xs">
          <span>{errorMessage(gym.error)}</span>
          <Button variant="subtle" size="compact-sm" onClick={() => void gym.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return children(gym.data);
}

export function GymLoader({ children }: { children: (gym: Gym) => ReactNode }) {
  const id = gymIdOf(useParams().id);
  if (id === null) return <Missing title="Gym not found" text="This address does not name a gym." />;
  return <LoadedGym id={id}>{children}</LoadedGym>;
}
