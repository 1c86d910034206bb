/**
 * Who may do what in an organisation (docs/product/organisations.md, DECISIONS 19 of the
 * product rules): one table read by the server, which enforces it on every route, and by the
 * web app, which hides what a role cannot do. Reading and printing are open to every member.
 */
export const MEMBER_ROLES = [
  'owner',
  'editor',
  'viewer',
  // Plans and validates a canteen's weeks (docs/product/meal-plans.md).
  'dietitian',
  // The floor staff: reads the menus, marks dishes « Épuisé » and back (docs/product/organisations.md).
  'service',
] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Propriétaire',
  editor: 'Éditeur',
  viewer: 'Lecteur',
  dietitian: 'Diététicien',
  service: 'Service',
};

export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: 'Tout, y compris l’abonnement, l’équipe et les établissements',
  editor: 'Recettes, produits, menus, codes QR et plans de menus',
  viewer: 'Consulte et imprime, sans rien modifier',
  dietitian: 'Plans de menus, grille GEMRCN et validation des semaines, sans toucher aux recettes ni aux prix',
  service: 'Consulte les menus et marque les plats « Épuisé »',
};

export type Action =
  /** Recipes, own products, menus and their content, QR codes. */
  | 'content:write'
  /** Meal plans: services, copies, grammages, diets, closed days, the grid's classifications, publication. */
  | 'meal_plans:write'
  /** A week's validation before it is published, where the establishment asks for one (docs/product/meal-plans.md). */
  | 'meal_plans:validate'
  /** Establishments: create, rename, delete. */
  | 'establishments:write'
  /** Invitations, roles, removals, the organisation's name. */
  | 'members:manage'
  /** Checkout, customer portal, demo portal. */
  | 'billing:manage'
  /** The organisation's « Historique » page. */
  | 'audit:read'
  /** « Épuisé » and back on a menu's dish (PUT /api/items/:id/sold-out). */
  | 'items:sold-out'
  /** Costs, margins and purchase prices (products', Ciqual foods'): the owner's figures. */
  | 'costs:read'
  /** Supplier invoices, price history, EGalim from purchases, sales and menu engineering: money (docs/product/purchases.md). */
  | 'purchases:read'
  /** Import and confirm invoices, match their lines, import sales, set the food cost target. */
  | 'purchases:write'
  /** « Intégrations »: API keys and webhook endpoints (docs/product/integrations.md). */
  | 'integrations:manage';

const GRANTS: Record<MemberRole, ReadonlySet<Action>> = {
  owner: new Set<Action>([
    'content:write',
    'meal_plans:write',
    'meal_plans:validate',
    'establishments:write',
    'members:manage',
    'billing:manage',
    'audit:read',
    'items:sold-out',
    'costs:read',
    'purchases:read',
    'purchases:write',
    'integrations:manage',
  ]),
  editor: new Set<Action>([
    'content:write',
    'meal_plans:write',
    'items:sold-out',
    'costs:read',
    'purchases:read',
    'purchases:write',
  ]),
  viewer: new Set<Action>(),
  // Plans and validates; recipes, products and their prices stay the kitchen's (docs/decisions/0035).
  dietitian: new Set<Action>(['meal_plans:write', 'meal_plans:validate']),
  service: new Set<Action>(['items:sold-out']),
};

export function can(role: MemberRole, action: Action): boolean {
  return GRANTS[role].has(action);
}

export const permissionMessages = {
  forbidden: 'Votre rôle dans cette organisation ne permet pas cette action.',
  ownerOnly: 'Seul un propriétaire de l’organisation peut faire cela.',
} as const;
