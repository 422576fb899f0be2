/**
 * Where a new producer verifies their identity: the provider's hosted flow (for Persona, a link
 * with the inquiry template and environment) with the producer id as the inquiry's reference id,
 * so the completed inquiry's webhook finds the producer. Null when no hosted flow is configured.
 */
export const identityVerificationLink = (hostedFlowUrl: string | null, producerId: string): { url: string } | null => {
  if (hostedFlowUrl === null) return null;
  const url = new URL(hostedFlowUrl);
  url.searchParams.set('reference-id', producerId);
  return { url: url.toString() };
};

/** A hosted-flow URL the service can hand out: absolute, and https outside loopback. */
export const validHostedFlowUrl = (raw: string): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`IDENTITY_VERIFICATION_URL must be an absolute URL, got '${raw}'.`);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error('IDENTITY_VERIFICATION_URL must use https (http only on loopback).');
  }
  return url.toString();
};
