/**
 * Time, as the service reads it. Business dates (today, windows, due dates, earned premium,
 * `bookedOn`, `createdAt` of business records and their events) are read with the organization
 * they belong to: `now(orgId)`, the organization's time. Security and transport times (token,
 * code and signed-URL expiry, rate limits, leases, webhook timestamps) are read without one:
 * `now()`, real time. Every organization lives in real time until it is put on a test clock.
 */
export interface Clock {
  now(orgId?: string): Date;
}
