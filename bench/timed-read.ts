/** One GET timed to its first body byte and to its end, with the bytes it carried. */
export interface TimedRead {
  readonly status: number;
  readonly firstByteMs: number;
  readonly totalMs: number;
  readonly bytes: number;
}

export const timedRead = async (url: string, headers: Record<string, string>): Promise<TimedRead> => {
  const started = performance.now();
  const response = await fetch(url, { headers });
  let firstByteMs = Number.NaN;
  let bytes = 0;
  for await (const chunk of response.body ?? []) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += (chunk as Uint8Array).byteLength;
  }
  return { status: response.status, firstByteMs, totalMs: performance.now() - started, bytes };
};

/** The median of the reads' total times (first byte for `firstByte`). */
export const medianMs = (reads: readonly TimedRead[], of: 'totalMs' | 'firstByteMs' = 'totalMs'): number => {
  const sorted = reads.map((read) => read[of]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
