import { Anchor, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '@/lib/session/logout';

/** Signs out and goes to sign-in: a button in the top bar, a link under the user's name. */
export function LogoutButton({ variant }: { variant: 'button' | 'link' }) {
  const logout = useLogout();
  const signOut = () => logout.mutate();
  if (variant === 'link') {
    return (
      <Anchor component="button" type="button" size="sm" onClick={signOut} disabled={logout.isPending}>
        Logout
      </Anchor>
    );
  }
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={signOut}
      loading={logout.isPending}
    >
      Logout
    </Button>
  );
}
