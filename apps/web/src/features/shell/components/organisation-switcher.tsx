// The top bar's organisation switcher, shown only to users of more than one organisation (spec
// section 4): after the server confirms, the dashboard reloads, any other screen goes to the dashboard.
import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { route } from '@/config/paths';
import type { Me } from '@/lib/session/me';
import { useSwitchOrganisation } from '../api/switch-organisation';

export function OrganisationSwitcher({ user, fullWidth = false }: { user: Me; fullWidth?: boolean }) {
  const switchTo = useSwitchOrganisation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = user.current_organisation;
  if (user.organisations.length <= 1) return null;

  const choose = (id: number) => {
    if (id === current?.id) return;
    switchTo.mutate(id, {
      onSuccess: () => {
        if (pathname === route('dashboard')) window.location.reload();
        else void navigate(route('dashboard'));
      },
    });
  };

  return (
    <Menu position="bottom-start" shadow="md" width={fullWidth ? 'target' : 260}>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<IconSelector size={16} aria-hidden />}
          loading={switchTo.isPending}
          aria-label={`Organisation: ${current?.name ?? 'none chosen'}`}
          maw={fullWidth ? undefined : 240}
          fullWidth={fullWidth}
          justify={fullWidth ? 'space-between' : undefined}
        >
          {current?.name ?? 'Choose an organisation'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Organisations">
        <Menu.Label>Switch organisation</Menu.Label>
        {user.organisations.map((organisation) => (
          <Menu.Item
            key={organisation.id}
            onClick={() => choose(organisation.id)}
            rightSection={organisation.id === current?.id ? <IconCheck size={16} aria-hidden /> : null}
          >
            {organisation.name}
            {organisation.id === current?.id ? <VisuallyHidden> (current)</VisuallyHidden> : null}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
