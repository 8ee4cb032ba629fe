// The plain frame of pages outside the back office's main layout: sign-in, legal and help pages, the join
// site. Header with the product name, one main landmark, footer with the legal links.
import { Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { RouteLink, useSiteHost } from '@/components/ui/route-link';
import { product } from '@/config/product';
import classes from './page-shell.module.css';

export function PageShell() {
  const host = useSiteHost();
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <Link to="/" className={classes.brand}>
            {product.name}
            {host === 'member' ? (
              <Text span c="dimmed" fw={500}>
                {' '}
                · Join
              </Text>
            ) : null}
          </Link>
        </Container>
      </header>
      <main id="main-content" tabIndex={-1} data-focus-target className={classes.main}>
        <Container size="lg" py="xl">
          <Outlet />
        </Container>
      </main>
      <footer className={classes.footer}>
        <Container size="lg" py="md">
          <Group component="nav" aria-label="Legal and help" gap="lg">
            <RouteLink to="legal.privacy-policy" size="sm">
              Privacy policy
            </RouteLink>
            <RouteLink to="contact-us" size="sm">
              Contact us
            </RouteLink>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
