// Renders one part of a screen (a component, not a whole site) with the app's providers, a router at
// `path`, and the signed-in user already loaded, as the route guard leaves it for screens.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/app-provider';
import { createQueryClient } from '@/lib/query-client';
import { ME_QUERY_KEY, type Me } from '@/lib/session/me';

export function renderPart(ui: ReactNode, options: { me: Me; path?: string }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, options.me);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const view = render(
    <AppProvider host="staff" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { queryClient, router, ...view };
}
