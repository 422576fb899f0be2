/**
 * Every stable error code the platform answers with. Adapters map codes to transport statuses;
 * the core only ever names a code.
 */
export const ERROR_CATALOG = {
  validation_failed: 'The request is malformed or a field is missing or invalid.',
  unauthenticated: 'Missing or invalid credentials.',
  invalid_credentials: 'The e-mail or password is not correct.',
  invalid_signature: 'The webhook signature is missing or does not match.',
  invalid_otp: 'The one-time code is wrong or has expired.',
  email_not_verified: 'The e-mail address has not been confirmed with the code mailed at sign-up.',
  forbidden: 'The credential is valid but not allowed to perform this action.',
  insufficient_scope: 'The API key lacks the scope this route requires.',
  domain_not_allowed: 'The e-mail domain is not allowed for this organization.',
  feature_disabled: 'This feature is disabled for the organization.',
  not_found: 'The resource does not exist.',
  method_not_allowed: 'The route does not support this method.',
  duplicate: 'A resource with the same unique value already exists.',
  conflict: 'The resource was changed concurrently (or a request with the same Idempotency-Key is still running); retry the request.',
  idempotency_key_reuse: 'The Idempotency-Key was used with another request in the last 24 hours.',
  payload_too_large: 'The request body is too large.',
  storage_quota_exceeded: "The organization's document storage is full.",
  unsupported_media_type: 'The request content type is not supported by this route.',
  invalid_document: 'The uploaded document cannot be read.',
  stale_event: 'The event timestamp is outside the accepted window.',
  invalid_transition: 'The resource cannot make this move from its current state.',
  not_bindable: 'The quote is blocked by delegated-authority flags.',
  not_an_application: 'The document is not an ACORD application.',
  quote_expired: 'The quote is no longer valid.',
  out_of_sequence: 'The change takes effect before one already applied to the policy.',
  flat_cancellation_after_inception: 'A flat cancellation takes effect at inception only.',
  effective_date_out_of_window: 'The effective date is outside the window in which new business may start.',
  renewal_window_closed: 'The policy cannot be renewed on this date.',
  referral_required: 'The submission was declined by triage; an approved referral is needed to bind it.',
  webhook_inactive: 'The webhook subscription is inactive.',
  overpayment: 'The payment is larger than the amount outstanding.',
  claims_in_period: 'Losses are reported on or after the cancellation date: cancelling from then would leave them outside cover.',
  payout_exceeds_cash: 'A payout larger than the cash collected on the policy, after the credit is applied to what it still owes.',
  amount_exceeds_balance: 'A card payment intent asks for more than is outstanding on the invoice.',
  refund_exceeds_payments: 'The refund is larger than what is left to refund of the payments received.',
  loss_outside_coverage: 'The loss date is outside the policy period.',
  exceeds_policy_limit: "The settlement and what was already paid on the claim exceed the policy's per-occurrence limit.",
  policy_not_in_force: 'The policy is cancelled or expired, so there is no coverage to certify.',
  rate_limited: 'Too many requests; retry after the indicated delay.',
  too_many_attempts: 'Too many failed sign-in attempts; retry after the indicated delay.',
  internal_error: 'An unexpected error occurred.',
  payment_processor_error: 'The payment processor failed or could not be reached; the request may be retried.',
  service_unavailable: 'The service is not ready.',
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];
