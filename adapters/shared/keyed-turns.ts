/**
 * Runs the tasks given under one key one after another, in the order given, and tasks of
 * different keys side by side. Within this process only: it decides no race between processes
 * (guarded writes in the store do); it spares tasks on one key the retries they would cost each
 * other by racing. A task starts once the one before it has settled, whether or not it failed.
 */
export class KeyedTurns {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(task) : task();
    const tail = result.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
