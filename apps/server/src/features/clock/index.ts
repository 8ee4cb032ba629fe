// The application clock (spec: the development clock): where it stands, travelling it on (each day's
// billing run on the way), putting it back after a restart, and the scheduler's due runs.

export { clockRoutes } from './clock.routes';
export { followSharedClock, restoreClock, runDueBilling, travel } from './clock.service';
