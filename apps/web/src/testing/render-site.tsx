// Renders a whole site (routes, guard, providers) at an address, as the browser would.
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/app-provider';
import { memberRoutes } from '@/app/member/router';
import { routerOptions } from '@/app/router-context';
import { staffRoutes } from '@/app/staff/router';
import type { Host } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';

// A screen's code loads lazily on first visit, which can take a while on a busy test machine: wait
// longer for it, and load the biggest piece (the main layout) before any test's clock starts.
configure({ asyncUtilTimeout: 5000 });
await import('@/app/staff/signed-in-frame');

export function renderSite(host: Host, path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(host === 'staff' ? staffRoutes : memberRoutes, {
    initialEntries: [path],
    ...routerOptions(queryClient),
  });
  const view = render(
    <AppProvider host={host} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient, ...view };
}
