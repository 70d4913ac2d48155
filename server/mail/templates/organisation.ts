import { BRAND } from '../../../shared/brand';
import { renderEmail, type EmailFrame, type RenderedEmail } from './layout';

/** An owner invited this address to their organisation (decision 043): a single-use link, valid 7 days. */
export function organisationInvitationEmail(
  frame: EmailFrame,
  input: { inviter: string; organisation: string; path: string; days: number },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `You're invited to join ${input.organisation} on ${BRAND.name}`,
    heading: `Join ${input.organisation}`,
    intro: [
      'Hello,',
      `${input.inviter} invited you to join the organisation ${input.organisation} on ${BRAND.name}, to see and place its orders for human review. Open the link below to accept: you can create an account with this e-mail address or sign in to the one you have.`,
    ],
    action: { label: 'Accept the invitation', path: input.path },
    outro: [
      `The link works once and expires in ${input.days} days. An account belongs to one organisation at most.`,
      'If you did not expect this, you can ignore this e-mail.',
    ],
  });
}
