import { validationFailed } from '../shared/domain-error.ts';
import type { Environment } from '../tenancy/organization.ts';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

export const assertPasswordAcceptable = (password: string, field = 'password'): void => {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw validationFailed(field, 'minLength', `'${field}' must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw validationFailed(field, 'maxLength', `'${field}' must have at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
};

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const API_KEY_PREFIX: Record<Environment, string> = {
  local: 'svc_test_',
  sandbox: 'svc_test_',
  production: 'svc_live_',
};

export const looksLikeApiKey = (value: string): boolean => value.startsWith('svc_test_') || value.startsWith('svc_live_');

/** Lifetimes of issued credentials. */
export const SERVICE_JWT_TTL_SECONDS = 8 * 60 * 60;
export const DEMO_JWT_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
