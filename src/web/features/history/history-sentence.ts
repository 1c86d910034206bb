import type { AuditEntity, AuditEvent } from '../../../shared/api/organisations.ts';
import { ROLE_LABELS, type MemberRole } from '../../../shared/permissions.ts';

/** How a row is named in a sentence: « la recette Quiche lorraine », « le code QR Table 4 ». */
const NOUNS: Record<AuditEntity, string> = {
  recipe: 'la recette',
  menu: 'le menu',
  qr_code: 'le code QR',
  establishment: 'l’établissement',
  product: 'le produit',
  meal_plan: 'le plan de menus',
  organisation: 'l’organisation',
  member: 'le membre',
  invitation: 'l’invitation de',
};

/** The same after « de »: « le statut du menu Carte du midi ». */
const OF_NOUNS: Record<AuditEntity, string> = {
  recipe: 'de la recette',
  menu: 'du menu',
  qr_code: 'du code QR',
  establishment: 'de l’établissement',
  product: 'du produit',
  meal_plan: 'du plan de menus',
  organisation: 'de l’organisation',
  member: 'du membre',
  invitation: 'de l’invitation de',
};

const VERBS = { created: 'a créé', updated: 'a modifié', deleted: 'a supprimé' } as const;

/** « de Quiche lorraine », « d’Omelette » (elision before a vowel). */
export function ofName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`;
}

const asRole = (value: unknown): MemberRole | null => (value === 'owner' || value === 'editor' || value === 'viewer' ? value : null);

/** A status change said as what it did: details `{to}`, a menu's `isActive` or a QR code's `active`/`inactive`. */
function statusVerb(to: unknown): string | null {
  if (to === true || to === 'active') return 'a activé';
  if (to === false || to === 'inactive') return 'a désactivé';
  return null;
}

const withRole = (text: string, role: MemberRole | null) => (role ? `${text} (${ROLE_LABELS[role]})` : text);

/**
 * What the actor did, after their name: « a confirmé les allergènes de Quiche lorraine ».
 * `details` as src/shared/api/organisations.ts describes them for each action.
 */
export function describeAction(event: Pick<AuditEvent, 'action' | 'entity' | 'details'>): string {
  const { action, entity, details } = event;
  const thing = `${NOUNS[entity.type]} ${entity.name}`;
  switch (action) {
    case 'created':
    case 'deleted':
      return `${VERBS[action]} ${thing}`;
    case 'updated': {
      const previous = typeof details.previousName === 'string' && details.previousName !== entity.name ? details.previousName : null;
      return previous ? `a renommé ${NOUNS[entity.type]} ${previous} en ${entity.name}` : `${VERBS.updated} ${thing}`;
    }
    case 'allergens_confirmed':
      return `a confirmé les allergènes ${ofName(entity.name)}`;
    case 'status_changed': {
      const verb = statusVerb(details.to);
      return verb ? `${verb} ${thing}` : `a changé le statut ${OF_NOUNS[entity.type]} ${entity.name}`;
    }
    case 'invited':
      return withRole(`a invité ${entity.name}`, asRole(details.role));
    case 'revoked':
      return `a révoqué l’invitation de ${entity.name}`;
    case 'joined':
      return withRole('a rejoint l’organisation', asRole(details.role));
    case 'role_changed': {
      const role = asRole(details.to);
      return role ? `a changé le rôle de ${entity.name} en ${ROLE_LABELS[role]}` : `a changé le rôle de ${entity.name}`;
    }
    case 'removed':
      return details.accountDeleted === true ? `a supprimé son compte et quitté l’équipe` : `a retiré ${entity.name} de l’équipe`;
    case 'left':
      return details.accountDeleted === true ? 'a supprimé son compte et quitté l’organisation' : 'a quitté l’organisation';
  }
}

/** « Marie a confirmé les allergènes de Quiche lorraine »: the line of « Historique », without its date. */
export function historySentence(event: Pick<AuditEvent, 'actor' | 'action' | 'entity' | 'details'>): string {
  return `${event.actor.name} ${describeAction(event)}`;
}
