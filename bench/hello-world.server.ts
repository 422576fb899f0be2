// The baseline: a bare restify server answering a small JSON document.
import restify from 'restify';

const server = restify.createServer({ name: 'hello' });
server.get('/hello', async (_request: restify.Request, response: restify.Response) => {
  response.send(200, { hello: 'world' });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
