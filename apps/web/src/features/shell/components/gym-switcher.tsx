// The top bar's gym switcher, shown only with more than one gym: lists the user's gyms under the
// current one's name; choosing another switches on the server, then reloads the screen.
// The gym chosen here is the one the person works at (new members are added there, staff door access is
// given there); the lists keep their own gym filter, so the menu says so rather than seeming to filter.
import { Button, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { Me } from '@/lib/session/me';
import { useSwitchGym } from '../api/switch-gym';

/** Spec section 9: the gym list scrolls beyond this height. */
const GYM_DROPDOWN_MAX_HEIGHT = '15rem';

export function GymSwitcher({ user, fullWidth = false }: { user: Me; fullWidth?: boolean }) {
  const switchTo = useSwitchGym();
  const current = user.current_gym;
  if (user.gyms.length <= 1) return null;

  const choose = (id: number) => {
    if (id === current?.id) return;
    switchTo.mutate(id, { onSuccess: () => window.location.reload() });
  };

  return (
    <Menu position="bottom-start" shadow="md" width={fullWidth ? 'target' : 300}>
      <Menu.Target>
        {/* Long names are cut to fit the bar on small screens; the whole name shows on hover and focus. */}
        <Tooltip label={current?.name ?? 'Choose a gym'} openDelay={300} withinPortal>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={switchTo.isPending}
            aria-label={`Gym: ${current?.name ?? 'none chosen'}`}
            maw={fullWidth ? undefined : { base: 200, sm: 320 }}
            fullWidth={fullWidth}
            justify={fullWidth ? 'space-between' : undefined}
          >
            {current?.name ?? 'Choose a gym'}
          </Button>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label="Gyms" mah={GYM_DROPDOWN_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
        <Menu.Label>
          <Text span size="xs" fw={600} display="block">
            The gym you work at
          </Text>
          <Text span size="xs" c="dimmed" display="block">
            New members are added there and door access is given there. Lists show all your gyms: choose one
            in a list's Gym filter.
          </Text>
        </Menu.Label>
        {user.gyms.map((gym) => (
          <Menu.Item
            key={gym.id}
            onClick={() => choose(gym.id)}
            rightSection={gym.id === current?.id ? <IconCheck size={16} aria-hidden /> : null}
          >
            {gym.name}
            {gym.id === current?.id ? <VisuallyHidden> (current)</VisuallyHidden> : null}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
