import { DomainError, isDomainError } from '../../../core/shared/domain-error.ts';
import type { ErrorCode } from '../../../core/shared/error-catalog.ts';

/** The one mapping from error codes to HTTP statuses. */
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  invalid_document: 400,
  stale_event: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_signature: 401,
  invalid_otp: 401,
  email_not_verified: 401,
  forbidden: 403,
  insufficient_scope: 403,
  domain_not_allowed: 403,
  feature_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  duplicate: 409,
  conflict: 409,
  clock_advancing: 409,
  idempotency_key_reuse: 422,
  payload_too_large: 413,
  storage_quota_exceeded: 413,
  unsupported_media_type: 415,
  invalid_transition: 422,
  not_bindable: 422,
  not_an_application: 422,
  quote_expired: 422,
  out_of_sequence: 422,
  flat_cancellation_after_inception: 422,
  effective_date_out_of_window: 422,
  renewal_window_closed: 422,
  referral_required: 422,
  webhook_inactive: 422,
  overpayment: 422,
  amount_exceeds_balance: 422,
  payout_exceeds_cash: 422,
  claims_in_period: 422,
  period_order: 422,
  organization_has_policies: 422,
  premium_installment: 422,
  locality_required: 422,
  refund_exceeds_payments: 422,
  loss_outside_coverage: 422,
  exceeds_policy_limit: 422,
  policy_not_in_force: 422,
  not_additional_insured: 422,
  rate_limited: 429,
  too_many_attempts: 429,
  internal_error: 500,
  payment_processor_error: 502,
  esign_provider_error: 502,
  service_unavailable: 503,
};

export interface ErrorBody {
  readonly error: ErrorCode;
  readonly message: string;
  readonly details: Record<string, unknown>;
  readonly requestId: string;
}

interface ErrorResponse {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  /** Set for unexpected failures, which are logged in full but never shown. */
  readonly cause?: unknown;
}

export const errorResponse = (error: unknown, requestId: string): ErrorResponse => {
  if (!isDomainError(error)) {
    const hidden = new DomainError('internal_error');
    return { status: 500, body: { error: hidden.code, message: hidden.message, details: {}, requestId }, headers: {}, cause: error };
  }
  const headers: Record<string, string> = {};
  const retryAfter = error.details.retryAfter;
  if (typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
  return {
    status: HTTP_STATUS[error.code],
    body: { error: error.code, message: error.message, details: error.details, requestId },
    headers,
  };
};
