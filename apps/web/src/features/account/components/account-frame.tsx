// The frame of every account screen: phone first (one column, large touch targets), a heading, and the
// account's own navigation, which print leaves out.
import { Button, Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type RouteName, route } from '@/config/paths';
import classes from './account.module.css';

const LINKS: { name: RouteName; label: string }[] = [
  { name: 'account', label: 'Membership' },
  { name: 'account.payments', label: 'Payments' },
  { name: 'account.payment-method', label: 'How I pay' },
  { name: 'account.details', label: 'My details' },
];

export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Container size={560} px={0} py="sm">
      <Stack gap="md">
        <Group component="nav" aria-label="My account" gap="xs" className={classes.noPrint}>
          {LINKS.map((link) => {
            const path = route(link.name as 'account');
            const current = pathname === path;
            return (
              <Button
                key={link.name}
                component={Link}
                to={path}
                size="md"
                variant={current ? 'filled' : 'light'}
                aria-current={current ? 'page' : undefined}
              >
                {link.label}
              </Button>
            );
          })}
        </Group>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
