// The client side of a create -> quote -> bind flow, as an integrator's code would run it.
import { addDays, today, type CalendarDate } from '../core/shared/calendar-date.ts';
export const BENCH_SECRET = 'bench-machine-secret-0123456789abcdef';
export const BENCH_JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';

const post = async (url: string, token: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

/** A JSON call with a bearer token; any answer other than 2xx stops the bench with what it said. */
export const json = async (url: string, token: string, method = 'GET', body?: unknown) => {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, any>;
};

/** A machine token for the bench organization, from the demo route (machine secret). */
export const demoToken = async (base: string, orgId: string): Promise<string> => {
  const response = await fetch(`${base}/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: BENCH_SECRET, orgId }),
  });
  return ((await response.json()) as { token: string }).token;
};

/** A date `days` after today: new business binds within a window around the day of the bind. */
export const daysFromToday = (days: number): CalendarDate => addDays(today(new Date()), days);

/** An organization with a demonstration token and a deal room about a submission of its own. */
export const organizationWithRoom = async (base: string, name: string): Promise<{ orgId: string; token: string; room: string }> => {
  const org = await json(`${base}/v1/organizations`, BENCH_SECRET, 'POST', { name, allowedDomains: [] });
  const token = await demoToken(base, org.id);
  const submission = await json(`${base}/v1/submissions`, token, 'POST', {
    insuredName: `${name} Co`,
    naicsCode: '541511',
    annualRevenue: 1_000_000,
    requestedLimit: 1_000_000,
    effectiveDate: daysFromToday(30),
    state: 'OH',
    lineOfBusiness: 'GL',
  });
  return { orgId: org.id as string, token, room: (await json(`${base}/v1/deal-rooms`, token, 'POST', { submissionId: submission.id })).id as string };
};

/** One submission created, quoted and bound with the monthly plan (twelve invoices); the policy's id. */
export const bindFlow = async (base: string, token: string, n: number, effectiveDate = daysFromToday(30)): Promise<string> => {
  const submission = await post(`${base}/v1/submissions`, token, {
    insuredName: `Flow ${n}`,
    naicsCode: '541511',
    annualRevenue: 1_000_000,
    requestedLimit: 1_000_000,
    effectiveDate,
    state: 'OH',
    lineOfBusiness: 'GL',
  });
  await post(`${base}/v1/submissions/${submission.id}/quote`, token, {});
  return (await post(`${base}/v1/submissions/${submission.id}/bind`, token, { installmentPlan: 'MONTHLY_12' })).id as string;
};
