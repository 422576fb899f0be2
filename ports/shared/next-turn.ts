/**
 * Resolves on the next turn of the event loop, after the requests that arrived meanwhile had
 * theirs: a long read (a report over the book, a broad search) awaits it between batches so that
 * it never holds the one thread for longer than a batch.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * How long a slice of work holds the one thread before other requests take their turn: eight
 * long searches at once hold another tenant's read for a few of these at most.
 */
const TURN_MS = 1;

/** A long piece of work cut in slices: `next()` ends the slice once TURN_MS have passed since it began. */
export class Turns {
  private began = performance.now();

  async next(): Promise<void> {
    if (performance.now() - this.began < TURN_MS) return;
    await nextTurn();
    this.began = performance.now();
  }
}
