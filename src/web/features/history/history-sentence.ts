import type { AuditEntity, AuditEvent } from '../../../shared/api/organisations.ts';
import { isIsoDate, SERVICE_LABELS, SERVICES, type Service } from '../../../shared/catering/catering.ts';
import { lazy } from '../../../shared/lazy.ts';
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '../../../shared/permissions.ts';

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
  ingredient_price: 'le prix de l’ingrédient',
  purchase_invoice: 'la facture',
  supplier_price_list: 'le tarif fournisseur',
  sales_import: 'le fichier de ventes',
  purchase_settings: 'l’objectif de coût matière',
  api_key: 'la clé d’API',
  webhook: 'le webhook',
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
  ingredient_price: 'du prix de l’ingrédient',
  purchase_invoice: 'de la facture',
  supplier_price_list: 'du tarif fournisseur',
  sales_import: 'du fichier de ventes',
  purchase_settings: 'de l’objectif de coût matière',
  api_key: 'de la clé d’API',
  webhook: 'du webhook',
};

const VERBS = { created: 'a créé', updated: 'a modifié', deleted: 'a supprimé' } as const;

/** « de Quiche lorraine », « d’Omelette » (elision before a vowel). */
export function ofName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`;
}

const asRole = (value: unknown): MemberRole | null =>
  MEMBER_ROLES.includes(value as MemberRole) ? (value as MemberRole) : null;

/** A status change said as what it did: details `{to}`, a menu's `isActive` or a QR code's `active`/`inactive`. */
function statusVerb(to: unknown): string | null {
  if (to === true || to === 'active') return 'a activé';
  if (to === false || to === 'inactive') return 'a désactivé';
  return null;
}

const withRole = (text: string, role: MemberRole | null) => (role ? `${text} (${ROLE_LABELS[role]})` : text);

const DAY = lazy(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);
const SHORT_DAY = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const dateText = (value: unknown, format: () => Intl.DateTimeFormat): string | null =>
  typeof value === 'string' && isIsoDate(value) ? format().format(new Date(`${value}T00:00:00Z`)) : null;
const isService = (value: unknown): value is Service => SERVICES.includes(value as Service);

/**
 * A change to an establishment's meal plan, by its details (src/shared/api/organisations.ts):
 * « a modifié le plan de menus de Cantine Jules Ferry (déjeuner du lundi 7 septembre 2026) ».
 * Details it cannot read fall back to the plain sentence.
 */
function describePlanChange(
  action: AuditEvent['action'],
  name: string,
  details: Record<string, unknown>,
): string | null {
  const plan = `le plan de menus ${ofName(name)}`;
  if (action === 'status_changed' && details.to === 'published') {
    const week = dateText(details.week, SHORT_DAY);
    return week ? `a publié la semaine du ${week} pour les familles (${plan})` : null;
  }
  if (action !== 'updated') return null;
  if (typeof details.portions === 'number') return `a modifié les grammages ${ofName(name)}`;
  const copy = details.copy as Record<string, unknown> | undefined;
  if (copy && typeof copy === 'object') {
    const from = dateText(copy.from, SHORT_DAY);
    const to = dateText(copy.to, SHORT_DAY);
    const { days, times } = copy;
    if (!from || !to || typeof days !== 'number' || typeof times !== 'number') return null;
    const span = days === 1 ? '1\u00a0jour' : `${days}\u00a0jours`;
    return `a copié ${span} du plan de menus ${ofName(name)} à partir du ${from} vers le ${to}${times > 1 ? `, ${times}\u00a0fois de suite` : ''}`;
  }
  const date = dateText(details.date, DAY);
  if (!date || !isService(details.service)) return null;
  const meal = `${SERVICE_LABELS[details.service].toLowerCase()} du ${date}`;
  return details.dishes === 0 ? `a vidé le ${meal} (${plan})` : `a modifié ${plan} (${meal})`;
}

/**
 * What the actor did, after their name: « a confirmé les allergènes de Quiche lorraine ».
 * `details` as src/shared/api/organisations.ts describes them for each action.
 */
function describeAction(event: Pick<AuditEvent, 'action' | 'entity' | 'details'>): string {
  const { action, entity, details } = event;
  const thing = `${NOUNS[entity.type]} ${entity.name}`;
  if (entity.type === 'meal_plan') {
    const plan = describePlanChange(action, entity.name, details);
    if (plan) return plan;
  }
  switch (action) {
    case 'created':
    case 'deleted':
      return `${VERBS[action]} ${thing}`;
    case 'updated': {
      // A dish changed through the public API (src/server/features/public-api/service.ts).
      if (typeof details.item === 'string' && typeof details.available === 'boolean')
        return `a marqué ${details.item} ${details.available ? 'disponible' : 'épuisé'} (${thing})`;
      if (typeof details.item === 'string' && typeof details.price === 'number')
        return `a changé le prix ${ofName(details.item)} (${thing})`;
      const previous =
        typeof details.previousName === 'string' && details.previousName !== entity.name ? details.previousName : null;
      return previous ? `a renommé ${NOUNS[entity.type]} ${previous} en ${entity.name}` : `${VERBS.updated} ${thing}`;
    }
    case 'allergens_confirmed':
      return `a confirmé les allergènes ${ofName(entity.name)}`;
    case 'label_changed':
      return `a modifié l’étiquette ${ofName(entity.name)}`;
    case 'status_changed': {
      const verb = statusVerb(details.to);
      return verb ? `${verb} ${thing}` : `a changé le statut ${OF_NOUNS[entity.type]} ${entity.name}`;
    }
    case 'invited':
      return withRole(`a invité ${entity.name}`, asRole(details.role));
    case 'revoked':
      return entity.type === 'api_key' ? `a révoqué ${thing}` : `a révoqué l’invitation de ${entity.name}`;
    case 'joined':
      return withRole('a rejoint l’organisation', asRole(details.role));
    case 'role_changed': {
      const role = asRole(details.to);
      return role ? `a changé le rôle de ${entity.name} en ${ROLE_LABELS[role]}` : `a changé le rôle de ${entity.name}`;
    }
    case 'removed':
      return details.accountDeleted === true
        ? `a supprimé son compte et quitté l’équipe`
        : `a retiré ${entity.name} de l’équipe`;
    case 'left':
      return details.accountDeleted === true
        ? 'a supprimé son compte et quitté l’organisation'
        : 'a quitté l’organisation';
    case 'confirmed':
      return `a validé ${thing}`;
    case 'imported':
      return `a importé ${thing}`;
  }
}

/** « Marie a confirmé les allergènes de Quiche lorraine »: the line of « Historique », without its date. */
export function historySentence(event: Pick<AuditEvent, 'actor' | 'action' | 'entity' | 'details'>): string {
  return `${event.actor.name} ${describeAction(event)}`;
}
