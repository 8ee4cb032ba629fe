// Webhook delivery for all three simulators: queue, sign at send time, retry with back-off on the
// simulated clock, and the test controls (drop, delay, retarget, list).
import type { SimClock } from './clock';
import { stripeId } from './ids';
import type { Scheduler } from './scheduler';

export type ServiceName = 'akahu' | 'stripe' | 'kisi';
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dropped' | 'no_target';

interface DeliveryAttempt {
  at: string;
  statusCode?: number;
  error?: string;
}

export interface WebhookDelivery {
  id: string;
  service: ServiceName;
  eventType: string;
  url: string | null;
  body: string;
  /** Headers of the last attempt (signatures included). */
  headers: Record<string, string>;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  createdAt: string;
  nextAttemptAt: string | null;
  /**
   * The simulator's own event, of a type the real provider never sends (the webhooks screen's test
   * events): sent with the `Sandbox-Simulator-Only` header, and left out of the contract check.
   */
  simulatorOnly?: true;
}

/** The header that marks a delivery of the simulator's own making (see `WebhookDelivery.simulatorOnly`). */
export const SIMULATOR_ONLY_HEADER = 'sandbox-simulator-only';

/** Signs a body at send time; answers the headers to add (an RSA signer answers them later, off the event loop). */
export type Signer = (body: string, at: Date) => Record<string, string> | Promise<Record<string, string>>;

/** Delay before attempt n+1 after n failures (then give up). */
const RETRY_BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000];
const SEND_TIMEOUT_MS = 5_000;

interface ServiceSettings {
  url: string | null;
  dropRemaining: number; // -1 = drop all until cleared
  delayMs: number;
}

export class WebhookDispatcher {
  private deliveries: WebhookDelivery[] = [];
  private settings = new Map<ServiceName, ServiceSettings>();
  private signers = new Map<ServiceName, Signer>();
  /** The last attempt's turn to send: attempts are sent in the order they began, however long each signing takes. */
  private sendTurn: Promise<unknown> = Promise.resolve();
  private initialTargets: Partial<Record<ServiceName, string>>;

  constructor(
    private readonly clock: SimClock,
    private readonly scheduler: Scheduler,
    targets: Partial<Record<ServiceName, string | undefined>>,
  ) {
    this.initialTargets = Object.fromEntries(Object.entries(targets).filter(([, url]) => url)) as Partial<
      Record<ServiceName, string>
    >;
  }

  registerSigner(service: ServiceName, signer: Signer): void {
    this.signers.set(service, signer);
  }

  private settingsOf(service: ServiceName): ServiceSettings {
    let s = this.settings.get(service);
    if (!s) {
      s = { url: this.initialTargets[service] ?? null, dropRemaining: 0, delayMs: 0 };
      this.settings.set(service, s);
    }
    return s;
  }

  setTarget(service: ServiceName, url: string | null): void {
    this.settingsOf(service).url = url;
  }

  target(service: ServiceName): string | null {
    return this.settingsOf(service).url;
  }

  /** Drops the next `count` deliveries (`-1`: all until `drop(service, 0)`). */
  drop(service: ServiceName, count: number): void {
    this.settingsOf(service).dropRemaining = count;
  }

  /** Holds new deliveries back by `ms` of simulated time. */
  delay(service: ServiceName, ms: number): void {
    this.settingsOf(service).delayMs = Math.max(0, ms);
  }

  enqueue(
    service: ServiceName,
    eventType: string,
    body: string,
    urlOverride?: string | null,
    options: { simulatorOnly?: boolean } = {},
  ): WebhookDelivery {
    const settings = this.settingsOf(service);
    const url = urlOverride === undefined ? settings.url : urlOverride;
    const delivery: WebhookDelivery = {
      id: stripeId('whd'),
      service,
      eventType,
      url,
      body,
      headers: {},
      status: 'pending',
      attempts: [],
      createdAt: this.clock.now().toISOString(),
      nextAttemptAt: null,
      ...(options.simulatorOnly ? { simulatorOnly: true as const } : {}),
    };
    this.deliveries.push(delivery);
    if (!url) {
      delivery.status = 'no_target';
      return delivery;
    }
    if (settings.dropRemaining !== 0) {
      if (settings.dropRemaining > 0) settings.dropRemaining -= 1;
      delivery.status = 'dropped';
      return delivery;
    }
    this.schedule(delivery, settings.delayMs);
    return delivery;
  }

  private schedule(delivery: WebhookDelivery, inMs: number): void {
    const dueAt = this.clock.nowMs() + inMs;
    delivery.nextAttemptAt = new Date(dueAt).toISOString();
    this.scheduler.at(dueAt, `webhook:${delivery.service}`, () => this.attempt(delivery));
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    if (delivery.status !== 'pending' || !delivery.url) return;
    const at = this.clock.now();
    const signer = this.signers.get(delivery.service);
    const signing = Promise.resolve(signer ? signer(delivery.body, at) : {});
    // Handled here too: a signature that fails while an earlier attempt still holds the turn is not an
    // unhandled rejection (which would end the process); the attempt itself fails with it below.
    signing.catch(() => undefined);
    const turn = this.sendTurn.then(() => signing);
    this.sendTurn = turn.catch(() => undefined);
    const signature = await turn;
    delivery.headers = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': `gym-sandbox-${delivery.service}/1.0`,
      ...(delivery.simulatorOnly
        ? { [SIMULATOR_ONLY_HEADER]: `not a ${delivery.service} event type: the simulator's own test event` }
        : {}),
      ...signature,
    };
    const record: DeliveryAttempt = { at: at.toISOString() };
    delivery.attempts.push(record);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      record.statusCode = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        delivery.status = 'delivered';
        delivery.nextAttemptAt = null;
        return;
      }
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    const backoff = RETRY_BACKOFF_MS[delivery.attempts.length - 1];
    if (backoff === undefined) {
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
      return;
    }
    this.schedule(delivery, backoff);
  }

  /** Sends a delivery again now (whatever its status), as a dashboard "resend" would. */
  redeliver(id: string): WebhookDelivery | undefined {
    const delivery = this.deliveries.find((d) => d.id === id);
    if (!delivery) return undefined;
    delivery.url = delivery.url ?? this.settingsOf(delivery.service).url;
    if (!delivery.url) return delivery;
    delivery.status = 'pending';
    this.schedule(delivery, 0);
    return delivery;
  }

  list(service?: ServiceName): WebhookDelivery[] {
    return this.deliveries.filter((d) => !service || d.service === service);
  }

  /**
   * Waits (real time, up to `timeoutMs`) until the delivery's first attempt has its answer, or it left
   * the queue (dropped, no target); answers it as it then stands.
   */
  async firstAnswer(
    delivery: WebhookDelivery,
    timeoutMs = SEND_TIMEOUT_MS + 1_000,
  ): Promise<WebhookDelivery> {
    const until = Date.now() + timeoutMs;
    const answered = () => {
      const first = delivery.attempts[0];
      return delivery.status !== 'pending' || (first && (first.statusCode !== undefined || first.error));
    };
    while (!answered() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    return delivery;
  }

  reset(service?: ServiceName): void {
    this.deliveries = this.deliveries.filter((d) => service && d.service !== service);
    if (service) {
      this.settings.delete(service);
      this.scheduler.clear(`webhook:${service}`);
    } else {
      this.settings.clear();
      this.scheduler.clear('webhook:');
    }
  }
}
