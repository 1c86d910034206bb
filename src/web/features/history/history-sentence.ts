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

const roleOf = (details: Record<string, unknown>): MemberRole | null => {
  const role = details.role;
  return role === 'owner' || role === 'editor' || role === 'viewer' ? role : null;
};

/** A status change said as what it did: details `{isActive}` (menus) or `{status}` (QR codes). */
function statusVerb(details: Record<string, unknown>): string | null {
  if (details.isActive === true || details.status === 'active') return 'a activé';
  if (details.isActive === false || details.status === 'inactive') return 'a désactivé';
  return null;
}

/** What the actor did, after their name: « a confirmé les allergènes de Quiche lorraine ». */
export function describeAction(event: Pick<AuditEvent, 'action' | 'entity' | 'details'>): string {
  const { action, entity, details } = event;
  const thing = `${NOUNS[entity.type]} ${entity.name}`;
  const role = roleOf(details);
  switch (action) {
    case 'created':
    case 'updated':
    case 'deleted':
      if (entity.type === 'invitation' && action === 'deleted') return `a révoqué l’invitation de ${entity.name}`;
      return `${VERBS[action]} ${thing}`;
    case 'allergens_confirmed':
      return `a confirmé les allergènes ${ofName(entity.name)}`;
    case 'status_changed': {
      const verb = statusVerb(details);
      return verb ? `${verb} ${thing}` : `a changé le statut ${OF_NOUNS[entity.type]} ${entity.name}`;
    }
    case 'invited':
      return role ? `a invité ${entity.name} (${ROLE_LABELS[role]})` : `a invité ${entity.name}`;
    case 'joined':
      return role ? `a rejoint l’organisation (${ROLE_LABELS[role]})` : 'a rejoint l’organisation';
    case 'role_changed':
      return role ? `a changé le rôle de ${entity.name} en ${ROLE_LABELS[role]}` : `a changé le rôle de ${entity.name}`;
    case 'removed':
      return `a retiré ${entity.name} de l’équipe`;
    case 'left':
      return 'a quitté l’organisation';
  }
}

/** « Marie a confirmé les allergènes de Quiche lorraine »: the line of « Historique », without its date. */
export function historySentence(event: Pick<AuditEvent, 'actor' | 'action' | 'entity' | 'details'>): string {
  return `${event.actor.name} ${describeAction(event)}`;
}
