// The server process without the simulators: for `PROVIDERS=live`, or a sandbox run elsewhere whose
// addresses and keys are in the configuration. `npm start` uses scripts/serve.ts, which also runs them.
import { ConfigError } from './config/env';
import { startServer } from './server';

startServer().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
