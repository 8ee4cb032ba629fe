// The back office's frame (spec section 2, "Main layout"): top bar with the switchers, search and
// logout; sidebar with the menu, the access box and the signed-in user; the screen in the main area.
import { Anchor, AppShell, Box, Burger, Group, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { DateSettings } from '@/components/ui/date-settings';
import { route } from '@/config/paths';
import { product } from '@/config/product';
import { useCurrentUser } from '@/lib/session/me';
import { GymSwitcher } from './gym-switcher';
import { LogoutButton } from './logout-button';
import classes from './main-layout.module.css';
import { OrganisationSwitcher } from './organisation-switcher';
import { RoleSummaryBox } from './role-summary-box';
import { SidebarNav } from './sidebar-nav';
import { UserPanel } from './user-panel';

const NAVIGATION_ID = 'main-navigation';

interface MainLayoutProps {
  /** The global search box, from the search feature. */
  search: ReactNode;
}

export function MainLayout({ search }: MainLayoutProps) {
  const user = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // On small screens the sidebar covers the page: moving to another screen puts it away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of address
  useEffect(close, [pathname]);

  return (
    <DateSettings>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? 'Close the menu' : 'Open the menu'}
                aria-expanded={opened}
                aria-controls={NAVIGATION_ID}
              />
              <Anchor
                component={Link}
                to={route('dashboard')}
                fw={700}
                underline="never"
                c="var(--mantine-color-text)"
                visibleFrom="md"
              >
                {product.name}
              </Anchor>
              <Group gap="sm" wrap="nowrap" visibleFrom="sm">
                <OrganisationSwitcher user={user} />
                <GymSwitcher user={user} />
              </Group>
            </Group>
            {/* On a phone the bar holds the menu button and the search alone; the switchers and Logout
                are in the menu it opens (a 360 px screen has no room for more). */}
            <Box flex={1} maw={420} miw={0}>
              {search}
            </Box>
            <Box visibleFrom="sm">
              <LogoutButton variant="button" />
            </Box>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar id={NAVIGATION_ID} aria-label="Main" p="sm">
          <AppShell.Section hiddenFrom="sm">
            <Stack gap="xs" className={classes.phoneSwitchers}>
              <OrganisationSwitcher user={user} fullWidth />
              <GymSwitcher user={user} fullWidth />
            </Stack>
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea} type="scroll">
            <SidebarNav user={user} />
          </AppShell.Section>
          <AppShell.Section pt="sm">
            <RoleSummaryBox user={user} />
            <Box mt="sm">
              <UserPanel user={user} />
            </Box>
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main-content" tabIndex={-1} data-focus-target>
          {/* A new organisation (or screen) starts from a fresh screen, never the last one's data. */}
          <div key={`${pathname}|${user.current_organisation?.id ?? 0}`}>
            <Outlet />
          </div>
        </AppShell.Main>
      </AppShell>
    </DateSettings>
  );
}
