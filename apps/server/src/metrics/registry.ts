// Prometheus metrics (prom-client), one registry per process: what each process counts itself (HTTP
// requests, provider calls) and, read from the database when scraped, what every process shares (the
// billing run, the mail outbox, the webhook backlog, so any one server's scrape tells the cluster's).
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'gym_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'gym_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const providerCalls = new Counter({
  name: 'gym_provider_calls_total',
  help: 'Calls to an outside service (akahu, stripe, kisi), by provider, call and outcome',
  labelNames: ['provider', 'call', 'outcome'] as const,
  registers: [registry],
});

export const providerDuration = new Histogram({
  name: 'gym_provider_call_duration_seconds',
  help: 'Time an outside service took to answer, by provider',
  labelNames: ['provider'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Gauges whose value is read when scraped (collect); each is told how by the process that serves them. */
export const dbPool = new Gauge({
  name: 'gym_db_pool_connections',
  help: 'Database pool connections of this process, by state (total, idle, waiting requests)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
});
export const billingLastRunCharges = new Gauge({
  name: 'gym_billing_last_run_charges',
  help: 'Charges of the last finished billing day: made that day, and of those, failed and unpaid',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
export const billingLastRunDuration = new Gauge({
  name: 'gym_billing_last_run_duration_seconds',
  help: 'How long the last finished billing day took, from its start to its finish',
  registers: [registry],
});
export const billingLag = new Gauge({
  name: 'gym_billing_lag_seconds',
  help: 'How long ago the midnight (Pacific/Auckland) of the first day not yet billed was; 0 when today is done',
  registers: [registry],
});
export const mailOutboxDepth = new Gauge({
  name: 'gym_mail_outbox_queued',
  help: 'Mail queued in the outbox and not yet sent',
  registers: [registry],
});
export const webhookBacklog = new Gauge({
  name: 'gym_webhook_backlog',
  help: 'Webhook calls received and not yet processed, by provider',
  labelNames: ['provider'] as const,
  registers: [registry],
});
