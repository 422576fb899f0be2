import { isDomainError } from '../../core/shared/domain-error.ts';
import type { FormDrawing } from '../../ports/documents/form-drawing.port.ts';
import { KeyedTurns } from '../shared/keyed-turns.ts';

/** How often a scheduled notice waits out the workers' fair-share refusal before failing. */
const TRIES = 20;
const PAUSE_MS = 250;

/**
 * The PDF workers as the scheduled work uses them: one notice drawn at a time per organization
 * (its share of the workers is small, and the others' is left to them), and a fair-share refusal
 * (other work of the same organization holds its share for a moment) waited out instead of
 * failing: a scheduled notice is not a request to refuse.
 */
export class ScheduledDrawing implements Pick<FormDrawing, 'cancellationNotice'> {
  private readonly workers: Pick<FormDrawing, 'cancellationNotice'>;
  private readonly turns = new KeyedTurns();

  constructor(workers: Pick<FormDrawing, 'cancellationNotice'>) {
    this.workers = workers;
  }

  cancellationNotice(...args: Parameters<FormDrawing['cancellationNotice']>): ReturnType<FormDrawing['cancellationNotice']> {
    return this.turns.run(args[0], () => this.patiently(() => this.workers.cancellationNotice(...args)));
  }

  private async patiently<T>(draw: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await draw();
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'rate_limited' || attempt >= TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
  }
}
