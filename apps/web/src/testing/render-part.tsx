// Renders one part of a screen (a component, not a whole site) with the app's providers and the back
// office frame's date settings, a router at `path`, and the signed-in user already loaded, as the route
// guard leaves it for screens.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/app-provider';
import { DateSettings } from '@/components/ui/date-settings';
import { createQueryClient } from '@/lib/query-client';
import { ME_QUERY_KEY, type Me } from '@/lib/session/me';

export function renderPart(ui: ReactNode, options: { me: Me; path?: string }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, options.me);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const view = render(
    <AppProvider host="staff" queryClient={queryClient}>
      <DateSettings>
        <RouterProvider router={router} />
      </DateSettings>
    </AppProvider>,
  );
  return { queryClient, router, ...view };
}
