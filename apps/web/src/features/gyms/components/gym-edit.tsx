// /gyms/{id}/edit: the gym's settings, each form saving on its own (details, logo, destination account,
// visit tracking, Branch and Akahu). Only the gym's admins may change them.
import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import type { Gym } from '../api/gym-answers';
import { AKAHU_SETTINGS, BRANCH_SETTINGS } from '../lib/integration-forms';
import { DestinationAccountForm } from './destination-account-form';
import { GymDetailsForm } from './gym-details-form';
import { GymHeader } from './gym-header';
import { GymLoader } from './gym-loader';
import { GymLogoForm } from './gym-logo-form';
import { SecretSettingsForm } from './secret-settings-form';
import { TracksVisitsForm } from './tracks-visits-form';

function GymEditPage({ gym }: { gym: Gym }) {
  const gymPage = route('gyms.show', { id: gym.id });
  return (
    <Stack gap="lg" maw={820}>
      <GymHeader
        gym={gym}
        title={`Edit ${gym.name}`}
        trail={[{ label: gym.name, to: gymPage }, { label: 'Edit' }]}
        actions={
          <Button
            component={Link}
            to={gymPage}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to the gym
          </Button>
        }
      />
      {gym.can_manage ? (
        <>
          <GymDetailsForm gym={gym} />
          <GymLogoForm gym={gym} />
          <DestinationAccountForm gym={gym} />
          <TracksVisitsForm gym={gym} />
          <SecretSettingsForm gym={gym} settings={BRANCH_SETTINGS} />
          <SecretSettingsForm gym={gym} settings={AKAHU_SETTINGS} />
        </>
      ) : (
        <Alert color="yellow" role="alert" title="You cannot change this gym">
          Only this gym's admins and the organisation's admins can change its settings.
        </Alert>
      )}
    </Stack>
  );
}

export function GymEdit() {
  return <GymLoader>{(gym) => <GymEditPage gym={gym} />}</GymLoader>;
}
