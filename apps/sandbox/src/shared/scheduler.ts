// Work that falls due on the simulated clock: payments settling, webhook retries. A real-time tick runs
// what is due; `advance` walks the clock forward task by task so that retries happen in order.
import type { SimClock } from './clock';

interface Task {
  id: number;
  dueAt: number;
  tag: string;
  run: () => Promise<void> | void;
}

const before = (a: Task, b: Task) => a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.id < b.id);

/** Tasks by due time, then by order of scheduling: a binary heap, so 100,000 waiting payments stay cheap. */
class TaskQueue {
  private heap: Task[] = [];

  get size(): number {
    return this.heap.length;
  }

  peek(): Task | undefined {
    return this.heap[0];
  }

  push(task: Task): void {
    const heap = this.heap;
    heap.push(task);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): Task | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || !last) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && before(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && before(heap[right]!, heap[least]!)) least = right;
      if (least === i) break;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
    return top;
  }

  /** Keeps the tasks `keep` says to (rare: cancelling, clearing). */
  filter(keep: (task: Task) => boolean): void {
    const kept = this.heap.filter(keep);
    this.heap = [];
    for (const task of kept) this.push(task);
  }
}

/** How many due tasks `runDue` runs side by side (most are webhook deliveries waiting on the app). */
const RUN_DUE_AT_ONCE = 16;

export class Scheduler {
  private tasks = new TaskQueue();
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
    this.tasks = new TaskQueue();
    await this.idle();
  }

  at(dueAt: number, tag: string, run: Task['run']): number {
    const id = this.nextId++;
    this.tasks.push({ id, dueAt, tag, run });
    return id;
  }

  after(ms: number, tag: string, run: Task['run']): number {
    return this.at(this.clock.nowMs() + Math.max(0, ms), tag, run);
  }

  cancel(id: number): void {
    this.tasks.filter((t) => t.id !== id);
  }

  /** Drops every task whose tag starts with `prefix` (all tasks when omitted). */
  clear(prefix = ''): void {
    this.tasks.filter((t) => !t.tag.startsWith(prefix));
  }

  pending(): number {
    return this.tasks.size;
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
      const next = this.tasks.peek();
      if (!next || next.dueAt > target) break;
      this.tasks.pop();
      this.clock.advanceTo(next.dueAt);
      await next.run();
    }
    this.clock.advanceTo(target);
    await this.runDue();
  }

  /**
   * Runs (and waits for) everything already due. The tasks due now start in their order, up to
   * `RUN_DUE_AT_ONCE` at a time, as the real-time tick sends them side by side (a day's webhooks reach the
   * app together, as a provider's do); what they schedule for now runs in the next round, after them.
   */
  async runDue(): Promise<void> {
    await this.idle();
    for (;;) {
      const due: Task[] = [];
      for (let next = this.tasks.peek(); next && next.dueAt <= this.clock.nowMs(); next = this.tasks.peek()) {
        due.push(this.tasks.pop()!);
      }
      if (due.length === 0) break;
      let at = 0;
      const lane = async () => {
        while (at < due.length) await due[at++]!.run();
      };
      await Promise.all(Array.from({ length: Math.min(RUN_DUE_AT_ONCE, due.length) }, lane));
    }
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.clock.nowMs();
      for (let next = this.tasks.peek(); next && next.dueAt <= now; next = this.tasks.peek()) {
        const task = this.tasks.pop()!;
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
