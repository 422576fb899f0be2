/** OpenFGA's error codes, so an adapter and the embedded engine fail alike. */
export const AUTHORIZATION_ERRORS = {
  validation: 2000,
  resolutionTooComplex: 2002,
  typeNotFound: 2021,
  relationNotFound: 2022,
  invalidTuple: 2027,
} as const;

export class AuthorizationRequestError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export const fail = (code: number, message: string): never => {
  throw new AuthorizationRequestError(code, message);
};
