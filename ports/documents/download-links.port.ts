/** Signs and checks links that let anyone holding them read one document until they expire. */
export interface DownloadLinks {
  /** The signature of a link to the document, valid until `expiresAt`. */
  sign(orgId: string, documentId: string, expiresAt: Date): string;
  /** Constant-time check of a signature; says nothing about expiry. */
  verify(orgId: string, documentId: string, expiresAt: Date, signature: string): boolean;
}
