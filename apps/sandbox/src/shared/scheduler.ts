// Work that falls due on the simulated clock: payments settling, webhook retries. A real-time tick runs
// what is due; `advance` walks the clock forward task by task so that retries happen in order.
import type { SimClock } from './clock';

interface Task {
  id: number;
  dueAt: number;
  tag: string;
  run: () => Promise<void> | void;
}

export class Scheduler {
  private tasks: Task[] = [];
  private nextId = 1;
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private ticking = false;

  constructor(
    private readonly clock: SimClock,
    private readonly tickMs = 20,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.tasks = [];
    await this.idle();
  }

  at(dueAt: number, tag: string, run: Task['run']): number {
    const id = this.nextId++;
    this.tasks.push({ id, dueAt, tag, run });
    this.tasks.sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
    return id;
  }

  after(ms: number, tag: string, run: Task['run']): number {
    return this.at(this.clock.nowMs() + Math.max(0, ms), tag, run);
  }

  cancel(id: number): void {
    this.tasks = this.tasks.filter((t) => t.id !== id);
  }

  /** Drops every task whose tag starts with `prefix` (all tasks when omitted). */
  clear(prefix = ''): void {
    this.tasks = this.tasks.filter((t) => !t.tag.startsWith(prefix));
  }

  pending(): number {
    return this.tasks.length;
  }

  /** Waits for every task started by the real-time tick to finish. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Moves the clock forward by `ms`, running each task at its own due time, in order. */
  async advance(ms: number): Promise<void> {
    await this.idle();
    const target = this.clock.nowMs() + Math.max(0, ms);
    for (;;) {
      const next = this.tasks[0];
      if (!next || next.dueAt > target) break;
      this.tasks.shift();
      this.clock.advanceTo(next.dueAt);
      await next.run();
    }
    this.clock.advanceTo(target);
    await this.runDue();
  }

  /** Runs (and waits for) everything already due. */
  async runDue(): Promise<void> {
    await this.idle();
    for (;;) {
      const next = this.tasks[0];
      if (!next || next.dueAt > this.clock.nowMs()) break;
      this.tasks.shift();
      await next.run();
    }
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.clock.nowMs();
      while (this.tasks[0] && this.tasks[0].dueAt <= now) {
        const task = this.tasks.shift()!;
        const running = Promise.resolve()
          .then(task.run)
          .catch(() => undefined)
          .finally(() => this.inFlight.delete(running));
        this.inFlight.add(running);
      }
    } finally {
      this.ticking = false;
    }
  }
}
