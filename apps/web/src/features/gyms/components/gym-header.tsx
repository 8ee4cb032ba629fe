// The top of a gym's screens: the way back to the list, the logo and name, and the screen's actions.
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import type { Gym } from '../api/gym-answers';
import { GymLogo } from './gym-logo';

interface GymHeaderProps {
  gym: Gym;
  title: string;
  /** The trail after 'Gyms'; the last step, without a link, is this screen. */
  trail: { label: string; to?: string }[];
  actions?: ReactNode;
}

export function GymHeader({ gym, title, trail, actions }: GymHeaderProps) {
  return (
    <Stack gap="sm">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          <Anchor component={Link} to={route('gyms.index')} size="sm">
            Gyms
          </Anchor>
          {trail.map((step) =>
            step.to ? (
              <Anchor key={step.label} component={Link} to={step.to} size="sm">
                {step.label}
              </Anchor>
            ) : (
              <Text key={step.label} size="sm" aria-current="page">
                {step.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <GymLogo gym={gym} size={72} />
          <Stack gap={2} miw={0}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" size="sm">
              {gym.organisation.name}
              {gym.role ? ` · Your role: ${gym.role_label}` : ''}
            </Text>
          </Stack>
        </Group>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
