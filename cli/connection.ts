import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { platformClient } from '../clients/typescript/index.ts';
import { patientFetch } from './patient-fetch.ts';

export interface Connection {
  readonly api: string;
  readonly auth: string;
  readonly secret: string;
}

/** Where the local secrets file is: the one `npm start` writes in `local` (DATA_DIR/secrets.json). */
export const secretsFile = (dataDir = process.env.DATA_DIR ?? './data'): string => resolve(dataDir, 'secrets.json');

/** The machine secret: `API_SECRET`, else the local secrets file; the CLI acts as the platform operator. */
export const machineSecret = (): string => {
  if (process.env.API_SECRET) return process.env.API_SECRET;
  const file = secretsFile();
  if (existsSync(file)) {
    const secret = (JSON.parse(readFileSync(file, 'utf8')) as { API_SECRET?: string }).API_SECRET;
    if (secret) return secret;
  }
  throw new Error(`No machine secret: set API_SECRET, or start the service once in local so that ${file} exists.`);
};

/** Who hears the command line's waits: a line on stderr unless a command shows them itself (the seed's bar). */
let reportWait = (seconds: number | null): void => {
  if (seconds !== null) console.error(`rate limited, waiting ${seconds} s`);
};
export const reportWaitsTo = (report: (seconds: number | null) => void): void => {
  reportWait = report;
};

/** Every request of the command line waits out a 429 as its `Retry-After` says, and says so. */
export const cliFetch = patientFetch({ onWait: (seconds) => reportWait(seconds) });

export const platform = (connection: Connection) => platformClient(connection.api, { token: connection.secret }, { fetch: cliFetch });

/** The error of an answer as one line, or the data. */
export const expectData = <T>(what: string, answer: { data?: T; error?: unknown; response: Response }): T => {
  if (answer.data === undefined || !answer.response.ok) throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
};

/** A 15-minute `org_admin` token of the organization, from the machine secret (`/auth/demo`). */
export const administratorToken = async (connection: Connection, orgId: string): Promise<string> => {
  const answer = await fetch(`${connection.api}/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: connection.secret, orgId }),
  });
  const body = (await answer.json()) as { token?: string };
  if (!answer.ok || !body.token) throw new Error(`administrator token: ${answer.status} ${JSON.stringify(body)}`);
  return body.token;
};
