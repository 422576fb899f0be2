export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILED_SIGN_INS = 10;

/**
 * Each sign-in attempt for an account takes a slot before the password is checked, and a success
 * gives the window back. So at most MAX_FAILED_SIGN_INS passwords are ever tried per window, even
 * when attempts arrive in parallel; the source address plays no part.
 */
export const signInAllowed = (attemptsInWindow: number): boolean => attemptsInWindow <= MAX_FAILED_SIGN_INS;

export const lockoutKey = (email: string): string => `sign-in:${email.trim().toLowerCase()}`;
