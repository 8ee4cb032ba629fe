// The billing engine's dependencies for tests that call it directly: the test app's own, with a mailer
// that delivers to the test's mail capture. It keeps its SMTP connection open (a new one per message
// costs ~100 ms, which a year of daily runs adds up), so it is closed before the app's capture is.
import { type Mailer, smtpMailer } from '../../mail/mailer';
import type { TestApp } from '../../test/test-app';
import type { BillingDeps } from './billing-run.service';

const mailers = new WeakMap<TestApp, Mailer>();

function mailerOf(t: TestApp): Mailer {
  let mailer = mailers.get(t);
  if (!mailer) {
    const made = smtpMailer(`smtp://127.0.0.1:${t.mail.port}/?pool=true`, t.env.MAIL_FROM);
    const close = t.close;
    t.close = () => {
      made.close();
      return close.call(t);
    };
    mailers.set(t, made);
    mailer = made;
  }
  return mailer;
}

export function billingDeps(t: TestApp): BillingDeps {
  return {
    db: t.db,
    secrets: t.secrets,
    providers: t.providers,
    clock: t.clock,
    env: t.env,
    mailer: mailerOf(t),
  };
}
