/** The longest wait a `Retry-After` is followed for; a longer one is reported instead. */
const MAX_WAIT_SECONDS = 90;

/**
 * `fetch` for the command line: a request answered 429 is sent again once the `Retry-After` it
 * carries has passed (up to `attempts` times), so a long run such as the seed keeps within the
 * caller's budget instead of failing half-way; `onWait` hears each wait (its seconds) and its end
 * (null). Any other answer is returned as it is.
 */
export const patientFetch =
  (options: { attempts?: number; wait?: (ms: number) => Promise<void>; onWait?: (seconds: number | null) => void } = {}) =>
  async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const attempts = options.attempts ?? 5;
    const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const request = new Request(input, init);
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(request.clone());
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status !== 429 || attempt >= attempts || !Number.isFinite(retryAfter) || retryAfter > MAX_WAIT_SECONDS) return response;
      await response.arrayBuffer();
      // Said before the wait and cleared after it: a long run never waits in silence.
      options.onWait?.(Math.max(1, retryAfter));
      await wait(Math.max(1, retryAfter) * 1000);
      options.onWait?.(null);
    }
  };
