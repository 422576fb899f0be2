/**
 * Word, within one process, that access in an organization changed: a session signed out, a
 * user's role changed, an API key revoked, a feature flag set. Whoever holds long-lived
 * connections (deal-room WebSockets) checks them again at once instead of at its next periodic
 * check, which is how other processes sharing the store find out.
 */
export class AccessChanges {
  private readonly listeners = new Set<(orgId: string) => void>();

  changed(orgId: string): void {
    for (const listener of this.listeners) listener(orgId);
  }

  subscribe(listener: (orgId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
