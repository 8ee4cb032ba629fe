// The top bar's gym switcher, shown only with more than one gym: lists the user's gyms under the
// current one's name; choosing another switches on the server, then reloads the screen.
import { Button, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { Me } from '@/lib/session/me';
import { useSwitchGym } from '../api/switch-gym';

/** Spec section 9: the gym list scrolls beyond this height. */
export const GYM_DROPDOWN_MAX_HEIGHT = '15rem';

export function GymSwitcher({ user }: { user: Me }) {
  const switchTo = useSwitchGym();
  const current = user.current_gym;
  if (user.gyms.length <= 1) return null;

  const choose = (id: number) => {
    if (id === current?.id) return;
    switchTo.mutate(id, { onSuccess: () => window.location.reload() });
  };

  return (
    <Menu position="bottom-start" shadow="md" width={300}>
      <Menu.Target>
        {/* Long names are cut to fit the bar on small screens; the whole name shows on hover and focus. */}
        <Tooltip label={current?.name ?? 'Choose a gym'} openDelay={300} withinPortal>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={switchTo.isPending}
            aria-label={`Gym: ${current?.name ?? 'none chosen'}`}
            maw={{ base: 200, sm: 320 }}
          >
            {current?.name ?? 'Choose a gym'}
          </Button>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label="Gyms" mah={GYM_DROPDOWN_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
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
