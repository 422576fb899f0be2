import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DoubleBehaviour = { readonly answer: string } | { readonly status: number } | { readonly hang: true };

export interface ChatCompletionsDouble {
  readonly baseUrl: string;
  readonly requests: { readonly headers: IncomingMessage['headers']; readonly body: any }[];
  /** What the next requests get, until changed. */
  behave(behaviour: DoubleBehaviour): void;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on loopback, answering in the API's own shape
 * (a `chat.completion` object whose first choice carries the message content), or failing as told.
 */
export const startChatCompletionsDouble = async (): Promise<ChatCompletionsDouble> => {
  let behaviour: DoubleBehaviour = { answer: '{"type":"other","confidence":0.5}' };
  const requests: ChatCompletionsDouble['requests'][number][] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"Not found","type":"invalid_request_error"}}');
        return;
      }
      const body = JSON.parse(raw);
      requests.push({ headers: request.headers, body });
      if ('hang' in behaviour) {
        hanging.add(() => response.destroy());
        return;
      }
      if ('status' in behaviour) {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"The server had an error","type":"server_error"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: behaviour.answer, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 12, total_tokens: 112 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    behave: (next) => (behaviour = next),
    close: async () => {
      for (const end of hanging) end();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
