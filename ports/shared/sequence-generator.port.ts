/** Gap-free numbering per organization and series (policy, claim and certificate numbers). */
export interface SequenceGenerator {
  next(orgId: string, name: string): Promise<number>;
}
