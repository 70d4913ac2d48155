import type { SignInInput, SignUpInput } from '@shared/auth.schema';
import { AUTH_MESSAGES } from '@shared/auth.schema';

export interface IdentityResult {
  ok: boolean;
  status: number;
  message?: string;
}

async function post(path: string, body: unknown): Promise<IdentityResult> {
  try {
    const response = await fetch(`/api/identity${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return { ok: true, status: response.status };
    const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    return { ok: false, status: response.status, message: messageFor(response.status, data) };
  } catch {
    return { ok: false, status: 0, message: 'We could not reach the server. Check your connection and try again.' };
  }
}

function messageFor(status: number, data: { message?: string; code?: string }): string {
  if (status === 429) return data.message ?? AUTH_MESSAGES.tooManyAttempts;
  if (status === 401) return AUTH_MESSAGES.invalidCredentials;
  if (data.code === 'USER_ALREADY_EXISTS' || data.code?.startsWith('USER_ALREADY_EXISTS')) return AUTH_MESSAGES.emailTaken;
  return data.message ?? 'Something went wrong. Please try again.';
}

export function signInWithPassword(input: SignInInput): Promise<IdentityResult> {
  return post('/sign-in/email', { email: input.email, password: input.password });
}

export function signUpWithPassword(input: SignUpInput): Promise<IdentityResult> {
  return post('/sign-up/email', {
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    password: input.password,
  });
}
