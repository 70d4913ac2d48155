import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';

/** What the account's owner types to confirm deletion when the account has no password (single sign-on). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const ACCOUNT_MESSAGES = {
  /** Sign-up with an address that may already have an account: the same words whatever the case. */
  signUpNeutral: "We couldn't create an account with these details. If you have one, sign in or reset your password.",
  /** Forgot password: the same answer whether or not the address has an account. */
  resetRequested:
    'If an account exists for this address, we have sent it a link to reset the password. The link works once and expires in 1 hour.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordReset:
    'Your password has been changed. Please sign in with your new password. Your API keys and webhooks still work: if someone else may have used your account, revoke them in Settings.',
  passwordChanged:
    'Your password has been changed and your other devices have been signed out. Your API keys and webhooks still work: revoke them in Settings if they may be compromised.',
  wrongPassword: 'The current password is not correct.',
  noPassword: 'Your account signs in through single sign-on, so it has no password to change here.',
  noPasswordForEmailChange: 'Your account signs in through single sign-on: change your e-mail address there.',
  otherDevicesSignedOut: 'Your other devices have been signed out.',
  /** Beside "Sign out other devices" (issue 29, decision 032): keys and webhooks are for servers, not devices. */
  keysSurviveSignOut:
    'Signing out other devices, or changing your password, does not revoke your API keys or webhooks: they belong to your servers, not to a browser. If someone else may have used your account, revoke all keys too and check your webhooks.',
  verificationSent: 'We have sent you a new verification e-mail.',
  emailNotVerified: 'Your e-mail address is not verified yet. Check your inbox for the link we sent you.',
  emailVerified: 'Your e-mail address is verified. Thank you.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Sign in and send a new one.',
  changeEmailSent:
    'We have sent a link to the new address. Your e-mail address changes when you open it; until then you keep the current one.',
  emailChanged: 'Your e-mail address has been changed and verified.',
  sameEmail: 'This is already your e-mail address.',
  deleteWrongPassword: 'The password is not correct.',
  deleteWrongConfirmation: `Type ${DELETE_CONFIRMATION_WORD} to confirm.`,
  accountDeleted: 'Your account has been deleted.',
  deleteRetention:
    'Deleting your account erases your personal data at once. Payment and order records (amounts, dates, service) are kept without your name or e-mail for 6 years, as UK accounting law requires.',
} as const;

/** GET /api/account/security */
export const accountSecuritySchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** GET /api/account/sessions: one signed-in device. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  createdAt: isoDateTimeSchema,
  lastActiveAt: isoDateTimeSchema,
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.object({ sessions: z.array(deviceSessionSchema) });

/** POST /api/account/delete */
export const deleteAccountSchema = z.object({
  password: z.string().max(256).optional(),
  confirmation: z.string().max(64).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
