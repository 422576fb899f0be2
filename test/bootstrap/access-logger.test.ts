import test from 'ava';
import { Writable } from 'node:stream';
import { createAccessLogger, createLogger } from '../../bootstrap/logger.ts';

const sinkOf = (lines: string[], writes: string[] = []) =>
  new Writable({
    write(chunk, _encoding, done) {
      writes.push(chunk.toString());
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

const entry = {
  reqId: 'trace-0001',
  actor: 'key:key_01',
  req: {
    method: 'GET',
    url: '/v1/users/usr_1',
    headers: { host: 'localhost', 'x-api-key': '[Redacted]', 'user-agent': 'say "hi" \u2028' },
    remoteAddress: '127.0.0.1',
  },
  res: { statusCode: 200, contentLength: undefined },
  responseTimeMs: 0.52,
};

test('an access line is the line pino writes for the same entry from a child { component: "access" }', (t) => {
  const lines: string[] = [];
  const logger = createLogger('info', sinkOf(lines));
  logger.child({ component: 'access' }, { redact: { paths: [] } }).info(entry, 'request completed');
  const access = createAccessLogger(logger);
  access.info(entry, 'request completed');
  access.flush();
  t.is(lines.length, 2);
  const [fromPino, fromWriter] = lines.map((line) => line.replace(/"time":"[^"]+"/, '"time":"T"'));
  t.is(fromWriter, fromPino);
  t.like(JSON.parse(lines[1] as string), { level: 30, service: 'insurance-platform', component: 'access', reqId: 'trace-0001', msg: 'request completed' });
});

test('access lines follow the logger level', (t) => {
  const lines: string[] = [];
  const logger = createLogger('warn', sinkOf(lines));
  createAccessLogger(logger).info(entry, 'request completed');
  t.deepEqual(lines, []);
  logger.level = 'info';
  const access = createAccessLogger(logger);
  access.info({}, 'nothing else');
  access.flush();
  t.like(JSON.parse(lines[0] as string), { level: 30, component: 'access', msg: 'nothing else' });
});

test('the lines of one turn are written together at its end, and at once by flush', async (t) => {
  const lines: string[] = [];
  const writes: string[] = [];
  const access = createAccessLogger(createLogger('info', sinkOf(lines, writes)));
  access.info({ ...entry, reqId: 'one' }, 'request completed');
  access.info({ ...entry, reqId: 'two' }, 'request completed');
  t.deepEqual(writes, [], 'nothing is written during the turn');
  await turnEnds();
  t.is(writes.length, 1);
  t.deepEqual(
    lines.map((line) => JSON.parse(line).reqId),
    ['one', 'two'],
  );
  access.info({ ...entry, reqId: 'three' }, 'request completed');
  access.flush();
  t.is(writes.length, 2);
  await turnEnds();
  t.is(writes.length, 2, 'a flushed turn writes nothing more at its end');
});

test('a turn holding 64 KiB of lines writes them without waiting for its end', (t) => {
  const writes: string[] = [];
  const access = createAccessLogger(createLogger('info', sinkOf([], writes)));
  const long = { ...entry, req: { ...entry.req, url: `/v1/users?q=${'x'.repeat(1000)}` } };
  for (let line = 0; line < 70; line += 1) access.info(long, 'request completed');
  t.is(writes.length, 1);
  t.true((writes[0] as string).length >= 64 * 1024);
  access.flush();
});
