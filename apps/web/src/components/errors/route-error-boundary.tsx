// Router error boundaries: a screen that fails (or a page that does not exist) is shown inside the
// site's frame; a failure of the frame itself falls back to a bare page.
import { Container } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '@/lib/sentry';
import { ErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found-screen';

function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (!notFound) setReported(reportError(error));
  }, [error, notFound]);
  return notFound ? <NotFoundScreen /> : <ErrorScreen error={error} reported={reported} />;
}

/** For layout routes: the layout already provides the main landmark. */
export function RouteErrorBoundary() {
  return <RouteError />;
}

/** For the root route, when nothing around it rendered. */
export function RootErrorBoundary() {
  return (
    <Container component="main" id="main-content" size="md" py="xl">
      <RouteError />
    </Container>
  );
}
