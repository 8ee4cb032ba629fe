// The sidebar's menu: the entries this user may see, the current one highlighted, groups that open and
// close (a group opens by itself when one of its screens is showing).
import { NavLink, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { routePath } from '@/config/paths';
import type { Me } from '@/lib/session/me';
import { type NavEntry, visibleEntries } from '../lib/nav-entries';

/** An entry is current on its own screen and on the screens below it (/members/12 → Members). */
function isCurrent(entry: NavEntry, pathname: string): boolean {
  if (!entry.to) return entry.children?.some((child) => isCurrent(child, pathname)) ?? false;
  const path = routePath(entry.to);
  return pathname === path || pathname.startsWith(`${path}/`);
}

function EntryLink({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const current = isCurrent(entry, pathname);
  const Icon = entry.icon;
  return (
    <NavLink
      component={Link}
      to={routePath(entry.to!)}
      label={entry.name}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      active={current}
      aria-current={current ? 'page' : undefined}
    />
  );
}

function EntryGroup({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const containsCurrent = isCurrent(entry, pathname);
  const [opened, setOpened] = useState(containsCurrent);
  const Icon = entry.icon;
  return (
    <NavLink
      component="button"
      type="button"
      label={entry.name}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={containsCurrent && !opened}
    >
      {entry.children?.map((child) => (
        <EntryLink key={child.name} entry={child} pathname={pathname} />
      ))}
    </NavLink>
  );
}

export function SidebarNav({ user }: { user: Me }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {visibleEntries(user).map((entry) =>
        entry.children ? (
          <EntryGroup key={entry.name} entry={entry} pathname={pathname} />
        ) : (
          <EntryLink key={entry.name} entry={entry} pathname={pathname} />
        ),
      )}
    </Stack>
  );
}
