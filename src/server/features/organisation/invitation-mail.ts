import { ROLE_LABELS, type MemberRole } from '../../../shared/permissions.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Where the link of an invitation leads: the web app's invitation page. */
export const invitationUrl = (publicOrigin: string, token: string) => `${publicOrigin}/invitation/${token}`;

/** The invitation e-mail (docs/product/organisations.md « Invitations »): the link is its only URL. */
export function invitationMail(
  to: string,
  invitation: { organisationName: string; invitedBy: string; role: MemberRole; url: string },
): MailMessage {
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  return {
    to,
    subject: `Invitation à rejoindre ${invitation.organisationName} sur NutriCarte`,
    text:
      `Bonjour,\n\n${invitation.invitedBy} vous invite à rejoindre «\u00a0${invitation.organisationName}\u00a0» sur NutriCarte, en tant que ${role}.\n\n` +
      `Pour accepter, ouvrez ce lien (valable 7\u00a0jours, une seule fois)\u00a0:\n${invitation.url}\n\n` +
      `Sans compte NutriCarte, vous en créerez un avec cette adresse email. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
  };
}
