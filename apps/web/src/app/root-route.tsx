// Wraps every screen of both sites: the document title, keyboard and screen-reader basics, scroll
// positions and the loading bar between screens.
import { type MouseEvent, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NavigationProgress } from '@/components/ui/navigation-progress';
import { product } from '@/config/product';
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

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} · ${product.name}` : product.name;
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
