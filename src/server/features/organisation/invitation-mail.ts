import { withoutControlCharacters } from '../../../shared/control-characters.ts';
import { ROLE_LABELS, type MemberRole } from '../../../shared/permissions.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Where the link of an invitation leads: the web app's invitation page. */
export const invitationUrl = (publicOrigin: string, token: string) => `${publicOrigin}/invitation/${token}`;

/** A name as one line of plain text: a stored name from before control characters were refused. */
const oneLine = withoutControlCharacters;

/**
 * The invitation e-mail (docs/product/organisations.md « Invitations »): the link is its only
 * URL. The subject names nobody: a name chosen by whoever invites would otherwise be the first
 * words of a mail sent as NutriCarte (the outside attack's « mail cannon »).
 */
export function invitationMail(
  to: string,
  invitation: { organisationName: string; invitedBy: string; role: MemberRole; url: string },
): MailMessage {
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  return {
    to,
    subject: 'Invitation à rejoindre une équipe sur NutriCarte',
    text:
      `Bonjour,\n\n${oneLine(invitation.invitedBy)} vous invite à rejoindre «\u00a0${oneLine(invitation.organisationName)}\u00a0» sur NutriCarte, en tant que ${role}.\n\n` +
      `Pour accepter, ouvrez ce lien (valable 7\u00a0jours, une seule fois)\u00a0:\n${invitation.url}\n\n` +
      `Sans compte NutriCarte, vous en créerez un avec cette adresse email. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
  };
}
