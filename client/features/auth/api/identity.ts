import type { SignInInput, SignUpInput } from '@shared/auth.schema';
import { AUTH_MESSAGES } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';

export interface IdentityResult {
  ok: boolean;
  status: number;
  message?: string;
  /** The JSON answer of a successful call. */
  data?: unknown;
}

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

async function post(path: string, body: unknown): Promise<IdentityResult> {
  try {
    const response = await fetch(`/api/identity${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    if (response.ok) return { ok: true, status: response.status, data };
    return { ok: false, status: response.status, message: messageFor(path, response.status, data) };
  } catch {
    return { ok: false, status: 0, message: UNREACHABLE };
  }
}

function messageFor(path: string, status: number, data: { message?: string; code?: string }): string {
  if (status === 429) return data.message ?? AUTH_MESSAGES.tooManyAttempts;
  if (path === '/sign-in/email' && status === 401) return AUTH_MESSAGES.invalidCredentials;
  if (path === '/reset-password' && data.code === 'INVALID_TOKEN') return ACCOUNT_MESSAGES.resetLinkInvalid;
  if ((path === '/change-password' || path === '/change-email') && data.code === 'INVALID_PASSWORD') return ACCOUNT_MESSAGES.wrongPassword;
  if (path === '/change-password' && data.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return ACCOUNT_MESSAGES.noPassword;
  if (path === '/change-email' && data.message === 'Email is the same') return ACCOUNT_MESSAGES.sameEmail;
  return data.message ?? 'Something went wrong. Please try again.';
}

export function signInWithPassword(input: SignInInput): Promise<IdentityResult> {
  return post('/sign-in/email', { email: input.email, password: input.password });
}

/**
 * A sign-up that did not sign anyone in (`token: null`) is one the server would not create; it never says why
 * (decision 014), and the page shows ACCOUNT_MESSAGES.signUpNeutral.
 */
export async function signUpWithPassword(input: SignUpInput): Promise<IdentityResult & { created?: boolean }> {
  const result = await post('/sign-up/email', {
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    password: input.password,
  });
  if (!result.ok) return result;
  const token = (result.data as { token?: unknown } | undefined)?.token;
  return { ...result, created: typeof token === 'string' && token.length > 0 };
}

export function requestPasswordReset(email: string): Promise<IdentityResult> {
  return post('/request-password-reset', { email });
}

export function resetPassword(token: string, newPassword: string): Promise<IdentityResult> {
  return post('/reset-password', { token, newPassword });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<IdentityResult> {
  return post('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
}

export function resendVerificationEmail(email: string): Promise<IdentityResult> {
  return post('/send-verification-email', { email, callbackURL: '/email-verified' });
}

/** Sends a link to the new address; the account's address changes only when it is opened. */
export function changeEmail(newEmail: string, password: string): Promise<IdentityResult> {
  return post('/change-email', { newEmail, password, callbackURL: '/email-verified?changed=1' });
}

export function signOutOtherDevices(): Promise<IdentityResult> {
  return post('/revoke-other-sessions', {});
}
