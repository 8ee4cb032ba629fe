// Wraps every screen of both sites: the document title, keyboard and screen-reader basics, scroll
// positions and the loading bar between screens.
import { type MouseEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NavigationProgress } from '@/components/ui/navigation-progress';
import { documentTitle } from '@/lib/document-title';
import { useRouteHandle } from './route-handle';

const MAIN_ID = 'main-content';

function focusMain(options?: FocusOptions) {
  document.getElementById(MAIN_ID)?.focus(options);
}

function skipToMain(event: MouseEvent) {
  event.preventDefault();
  focusMain();
}

export function RootRoute() {
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // A layout effect, so a record screen's own title (lib/document-title, a passive effect) comes after it.
  useLayoutEffect(() => {
    document.title = documentTitle(handle?.title);
  }, [handle?.title]);

  // After moving to another screen, start keyboard and screen-reader users at its content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of address
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusMain({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
