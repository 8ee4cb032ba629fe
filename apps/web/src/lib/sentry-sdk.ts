// The parts of the Sentry SDK the page uses. Loaded on demand by ./sentry; naming them here (rather
// than importing the whole package) keeps session replay and feedback out of the download.
export { browserTracingIntegration, captureException, init } from '@sentry/react';
