import test from 'ava';
import { streamOf } from '../../adapters/http/reports/bordereau-formats.ts';
import type { Bordereau } from '../../ports/reports/bordereaux.use-case.ts';

test('a streamed bordereau hands out its header line before any line is made, and lets the event loop turn while its lines are made', async (t) => {
  const chunks: Array<{ text: string; turnsBefore: number }> = [];
  let linesMadeAt = -1;
  // Lines from promises that resolve at once, as the embedded store's synchronous reads give them.
  const bordereau = {
    columns: ['number', 'premium'],
    closedAt: null,
    lines: async function* () {
      linesMadeAt = chunks.length;
      for (let n = 0; n < 200_000; n += 1) yield { programId: 'default', key: String(n), cells: [`P-${n}`, n] };
    },
  } as unknown as Bordereau;
  let turns = 0;
  let counter = setImmediate(function count() {
    turns += 1;
    counter = setImmediate(count);
  });
  t.teardown(() => clearImmediate(counter));
  for await (const chunk of streamOf(bordereau, 'csv')) chunks.push({ text: String(chunk), turnsBefore: turns });
  t.is(chunks[0]?.text, 'number,premium\r\n');
  t.is(chunks.length, 200_001);
  t.is(linesMadeAt, 1, 'the header line was handed out before the first line was made');
  const turnsWhileMaking = (chunks.at(-1)?.turnsBefore ?? 0) - (chunks[1]?.turnsBefore ?? 0);
  t.true(turnsWhileMaking > 2, `${turnsWhileMaking} turns of the event loop while 200,000 lines were made`);
});
