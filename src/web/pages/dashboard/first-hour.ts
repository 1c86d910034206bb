import type { Menu, MenuSection } from '../../../shared/api/menus.ts';
import type { QrCode } from '../../../shared/api/qr.ts';

/**
 * What the dashboard reads from the server: how many recipes have their allergens confirmed or
 * not (GET /api/recipes?limit=1&allergenStatus=…, the page's total), /api/menus and their
 * sections, /api/qr-codes and the scans of the week.
 */
export interface DashboardData {
  recipes: { declared: number; unverified: number };
  menus: Pick<Menu, 'id' | 'isActive'>[];
  sections: Record<string, Pick<MenuSection, 'items'>[]>;
  qrCodes: Pick<QrCode, 'status' | 'scanCount' | 'menu'>[];
  weekScans: number;
}

export interface FirstHourStep {
  id: 'recipe' | 'menu' | 'qr' | 'card';
  label: string;
  hint: string;
  to: string;
  done: boolean;
}

const itemsOf = (data: DashboardData, menuId: string) => (data.sections[menuId] ?? []).flatMap((s) => s.items);

/**
 * The first hour (docs/decisions/0024): four steps, each ticked by the server's data, never by a click
 * remembered in the browser. The table card counts as printed and laid out once a diner has
 * scanned a code: a scan is the record that it is on a table.
 */
export function firstHourSteps(data: DashboardData): FirstHourStep[] {
  const activeMenus = data.menus.filter((m) => m.isActive && itemsOf(data, m.id).length > 0);
  return [
    {
      id: 'recipe',
      label: 'Créer une recette aux allergènes confirmés',
      hint: 'Les ingrédients, puis « Allergènes vérifiés ».',
      to: '/recipes',
      done: data.recipes.declared > 0,
    },
    {
      id: 'menu',
      label: 'Composer un premier menu',
      hint: 'Un menu actif avec au moins un plat.',
      to: '/menus',
      done: activeMenus.length > 0,
    },
    {
      id: 'qr',
      label: 'Générer son code QR',
      hint: 'Le code qui ouvre le menu sur le téléphone de vos clients.',
      to: '/qr-codes',
      done: data.qrCodes.some((q) => q.status === 'active'),
    },
    {
      id: 'card',
      label: 'Imprimer la carte de table',
      hint: 'Coché au premier scan d’un client : la carte est alors sur la table.',
      to: '/qr-codes',
      done: data.qrCodes.some((q) => q.scanCount > 0),
    },
  ];
}

export interface DashboardSummary {
  unverifiedRecipes: number;
  dishesWithoutPrice: number;
  menusWithoutQr: number;
  weekScans: number;
}

/** The living summary shown once the first hour is done: what still needs the owner's hand. */
export function dashboardSummary(data: DashboardData): DashboardSummary {
  const withQr = new Set(data.qrCodes.map((q) => q.menu.id));
  return {
    unverifiedRecipes: data.recipes.unverified,
    dishesWithoutPrice: data.menus.reduce(
      (sum, m) => sum + itemsOf(data, m.id).filter((i) => i.price === null).length,
      0,
    ),
    menusWithoutQr: data.menus.filter((m) => m.isActive && !withQr.has(m.id)).length,
    weekScans: data.weekScans,
  };
}
