// The dashboard's figures as lately worked out: the same figures asked for again within a short while
// (the page's four calls for each admin who opens it, a gym picked and picked back) are answered from
// memory, and asked for together are worked out once. At 100,000 members a figure is a few hundred
// milliseconds of SQL on a 2-core machine (it reads every subscription of the scope, and the range's
// payments and visits), so ten people reading the dashboard at once would otherwise queue behind each
// other; the cost is that a figure can be up to FRESH_MS old. Nothing but the dashboard's own four calls
// goes through here: the debugging screen and every list read the tables as they stand.

/** How long worked-out figures are answered from memory. */
export const FRESH_MS = 30_000;
const MOST_KEPT = 500;

export class RecentFigures {
  private readonly kept = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly freshMs = FRESH_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The figures under `key` if worked out (or being worked out) within freshMs, else `work()`'s. */
  get<T>(key: readonly unknown[], work: () => Promise<T>): Promise<T> {
    const name = JSON.stringify(key);
    const now = this.clock();
    const held = this.kept.get(name);
    if (held && now - held.at < this.freshMs) return held.value as Promise<T>;
    this.kept.delete(name);
    for (const [old, entry] of this.kept)
      if (now - entry.at >= this.freshMs || this.kept.size >= MOST_KEPT) this.kept.delete(old);
      else break;
    const value = work();
    this.kept.set(name, { at: now, value });
    // A failure is not kept: the next call tries again.
    value.catch(() => {
      if (this.kept.get(name)?.value === value) this.kept.delete(name);
    });
    return value;
  }
}
