/** Why a tenant's task was not queued: the queue is full, or the tenant holds its whole share of it. */
export class SlotRefused extends Error {
  readonly scope: 'queue' | 'share';

  constructor(scope: 'queue' | 'share', message: string) {
    super(message);
    this.scope = scope;
  }
}

interface FairSlotsOptions {
  /** Tasks running at once (pages of the browser, worker threads). */
  readonly capacity: number;
  /** Tasks waiting for a slot, all tenants together. */
  readonly maxQueue: number;
  /** Of those, the most one tenant may have waiting. */
  readonly maxQueuePerTenant: number;
  /**
   * The most slots one tenant may hold at once (default: all). Below the capacity, a slot is
   * always left for another tenant to start at once, instead of after a task of the first ends.
   */
  readonly maxHeldPerTenant?: number;
}

interface Waiter {
  readonly grant: (release: () => void) => void;
  readonly refuse: (error: Error) => void;
}

/**
 * A few slots shared by every tenant, handed out fairly: a free slot goes at once to whoever asks
 * while nobody waits and it holds less than its cap; once tenants wait, each freed slot goes to
 * the waiting tenant (below its cap) that holds the fewest slots, and among those to the one
 * served longest ago. So the next tenant to ask gets a slot at once or the next one freed,
 * however many tasks another has queued; and no tenant may fill more than its share of the
 * queue, so the others can always queue.
 */
export class FairSlots {
  private readonly options: FairSlotsOptions;
  private readonly maxHeld: number;
  private readonly held = new Map<string, number>();
  /** Tenants with waiters, each with its waiters in order of arrival. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each tenant was last given a slot (a count of slots given), to break ties. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private running = 0;
  private queued = 0;
  private closedWith: Error | null = null;

  constructor(options: FairSlotsOptions) {
    this.options = options;
    this.maxHeld = Math.max(1, Math.min(options.maxHeldPerTenant ?? options.capacity, options.capacity));
  }

  /** Resolves with the function that gives the slot back, once the tenant holds one; rejects with SlotRefused when it may not wait. */
  acquire(tenant: string): Promise<() => void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    // A free slot with tenants still waiting means every one of them is at its cap (each release
    // serves the waiting first): a tenant below its cap takes the slot at once.
    if (this.running < this.options.capacity && this.heldBy(tenant) < this.maxHeld) return Promise.resolve(this.hold(tenant));
    const own = this.waiting.get(tenant) ?? [];
    if (this.queued >= this.options.maxQueue) return Promise.reject(new SlotRefused('queue', 'Every place in the queue is taken.'));
    if (own.length >= this.options.maxQueuePerTenant) {
      return Promise.reject(new SlotRefused('share', `The organization already has ${this.options.maxQueuePerTenant} tasks waiting, its share of the queue.`));
    }
    return new Promise((grant, refuse) => {
      own.push({ grant, refuse });
      if (own.length === 1) this.waiting.set(tenant, own);
      this.queued += 1;
    });
  }

  /** Refuses every waiting task and any later one. */
  close(error: Error): void {
    this.closedWith = error;
    for (const waiters of this.waiting.values()) for (const waiter of waiters) waiter.refuse(error);
    this.waiting.clear();
    this.queued = 0;
  }

  /** Slots held and tasks waiting, by tenant (for measurement). */
  snapshot(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  private hold(tenant: string): () => void {
    this.running += 1;
    this.held.set(tenant, (this.held.get(tenant) ?? 0) + 1);
    this.served += 1;
    this.lastServed.set(tenant, this.served);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const left = (this.held.get(tenant) ?? 1) - 1;
      if (left === 0) {
        this.held.delete(tenant);
        if (!this.waiting.has(tenant)) this.lastServed.delete(tenant);
      } else this.held.set(tenant, left);
      this.serveNext();
    };
  }

  private serveNext(): void {
    while (this.running < this.options.capacity) {
      const tenant = this.nextTenant();
      if (tenant === null) return;
      const waiters = this.waiting.get(tenant) as Waiter[];
      const waiter = waiters.shift() as Waiter;
      this.queued -= 1;
      if (waiters.length === 0) this.waiting.delete(tenant);
      waiter.grant(this.hold(tenant));
    }
  }

  private heldBy(tenant: string): number {
    return this.held.get(tenant) ?? 0;
  }

  /** The waiting tenant below its cap holding the fewest slots; among equals, the one served longest ago (never, first). */
  private nextTenant(): string | null {
    let chosen: string | null = null;
    const rank = (tenant: string): [number, number] => [this.heldBy(tenant), this.lastServed.get(tenant) ?? 0];
    for (const tenant of this.waiting.keys()) {
      if (this.heldBy(tenant) >= this.maxHeld) continue;
      if (chosen === null) {
        chosen = tenant;
        continue;
      }
      const [held, last] = rank(tenant);
      const [bestHeld, bestLast] = rank(chosen);
      if (held < bestHeld || (held === bestHeld && last < bestLast)) chosen = tenant;
    }
    return chosen;
  }
}
