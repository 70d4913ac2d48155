import { BRAND } from '../../../shared/brand';
import { renderEmail, type EmailFrame, type RenderedEmail } from './layout';
import { greeting } from './views';

export interface AccountLinkInput {
  firstName: string | null;
  /** Path below PUBLIC_URL, token included. */
  path: string;
}

export function passwordResetEmail(frame: EmailFrame, { firstName, path }: AccountLinkInput): RenderedEmail {
  return renderEmail(frame, {
    subject: `Reset your ${BRAND.name} password`,
    heading: 'Reset your password',
    intro: [
      greeting(firstName),
      'Someone (hopefully you) asked to reset the password of your account. Use the link below to choose a new one. It works once and expires in 1 hour.',
    ],
    action: { label: 'Choose a new password', path },
    outro: [
      'Resetting your password signs you out on every other device.',
      'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ],
  });
}

export function verifyEmailEmail(frame: EmailFrame, { firstName, path }: AccountLinkInput): RenderedEmail {
  return renderEmail(frame, {
    subject: `Confirm your e-mail address for ${BRAND.name}`,
    heading: 'Confirm your e-mail address',
    intro: [
      greeting(firstName),
      `Please confirm that this is your e-mail address, so you can always recover your ${BRAND.name} account. The link expires in 24 hours.`,
    ],
    action: { label: 'Confirm my e-mail address', path },
    outro: ['If you did not create an account, you can ignore this e-mail.'],
  });
}

/** An admin invited this address to the review team (decision 021): a single-use link, valid 7 days. */
export function teamInvitationEmail(frame: EmailFrame, input: { inviter: string; path: string; days: number }): RenderedEmail {
  return renderEmail(frame, {
    subject: `You're invited to the ${BRAND.name} review team`,
    heading: 'Join the review team',
    intro: [
      'Hello,',
      `${input.inviter} invited you to review orders on ${BRAND.name}. Open the link below to accept: you can create an account with this e-mail address or sign in to the one you have.`,
    ],
    action: { label: 'Accept the invitation', path: input.path },
    outro: [`The link works once and expires in ${input.days} days.`, 'If you did not expect this, you can ignore this e-mail.'],
  });
}

export function signUpAttemptEmail(frame: EmailFrame, { firstName }: { firstName: string | null }): RenderedEmail {
  return renderEmail(frame, {
    subject: `Someone tried to create a ${BRAND.name} account with your e-mail address`,
    heading: 'Did you try to sign up again?',
    intro: [
      greeting(firstName),
      `Someone tried to create a new ${BRAND.name} account with this e-mail address. You already have an account, so no new account was created.`,
      'If it was you, sign in instead. If you have forgotten your password, you can reset it from the sign-in page.',
    ],
    action: { label: 'Sign in', path: '/sign-in' },
    outro: ['If it was not you, you do not need to do anything: your account has not changed.'],
  });
}

export function changeEmailEmail(frame: EmailFrame, { firstName, path }: AccountLinkInput): RenderedEmail {
  return renderEmail(frame, {
    subject: `Confirm your new e-mail address for ${BRAND.name}`,
    heading: 'Confirm your new e-mail address',
    intro: [
      greeting(firstName),
      `Someone (hopefully you) asked to use this address for a ${BRAND.name} account. Your account keeps its old address until you open the link below. It expires in 24 hours.`,
    ],
    action: { label: 'Use this e-mail address', path },
    outro: ['If you did not ask for this, you can ignore this e-mail: nothing changes.'],
  });
}
