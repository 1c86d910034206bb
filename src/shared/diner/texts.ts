import { ALLERGEN_STATEMENTS } from '../allergens.ts';
import type { DinerLanguage } from './languages.ts';
import type { NutriScoreCategory } from '../nutriscore.ts';

/**
 * Every fixed text of the diner's pages, in the five languages (docs/product/diner-languages.md).
 * Reviewed wording: the menu phrases, nutrition labels, allergen statements and legal mentions
 * come from the research tables kept in docs/product/diner-languages.md (Regulation (EU)
 * 1169/2011 language versions where one exists); the others are restaurant-register
 * translations written for NutriCarte. French is the reference: other languages only add to it.
 * Typography: a no-break space before « : » in French only (docs/decisions/0012).
 */
export interface DinerTexts {
  defaultRestaurantName: string;
  premium: string;
  nutritionTitle: string;
  perServing: string;
  calories: string;
  protein: string;
  carbs: string;
  fat: string;
  diets: string;
  allergens: string;
  traces: string;
  nutriScore: string;
  /** The Nutri-Score table a grade comes from (docs/product/decisions.md 22), shown under the scale. */
  nutriScoreTableGeneral: string;
  nutriScoreTableCheese: string;
  nutriScoreTableFats: string;
  nutriScoreTableBeverage: string;
  nutriScoreTableWater: string;
  emptyTitle: string;
  emptyText: string;
  poweredBy: string;
  productName: string;
  notFoundTitle: string;
  notFoundText: string;
  /** A menu its owner switched off: calm, no « Erreur » (unavailable-page.ts). */
  unavailableTitle: string;
  unavailableText: string;
  /** docs/product/decisions.md 15: a declared empty list, and a list not confirmed. */
  allergensNone: string;
  allergensUnverified: string;
  /** The language switcher's accessible name. */
  language: string;
  /** The allergen filter (« Je ne mange pas de… »). */
  filterTitle: string;
  filterApply: string;
  filterClear: string;
  filterHint: string;
  contains: string;
  mayContain: string;
  /** A dish marked sold out by the owner (live). */
  soldOut: string;
  /** Price mention (arrêté du 27 mars 1987, docs/product/decisions.md 18). */
  pricesNote: string;
  /** Read before each price by screen readers. */
  priceLabel: string;
  freeWater: string;
  homemade: string;
  homemadeLegend: string;
  /** Meat origin (décret 2002-1465 as amended in 2025, docs/product/decisions.md 20). */
  origin: string;
  /** The heading of a dish's meat origins. */
  meatOrigins: string;
  bornAndReared: string;
  reared: string;
  slaughtered: string;
  setMenu: string;
  /** The heading of the formules at the top of the page. */
  setMenus: string;
  drinkIncluded: string;
  drinkNotIncluded: string;
  or: string;
  /** The link to the restaurant's own « Mentions légales » (a French page). */
  restaurantLegal: string;
  /** The skip link, first in the page (RGAA 12.7). */
  skipToContent: string;
  /** The allergen filter's disclosure button; its question is the form's legend (RGAA 11.7). */
  filterSummary: string;
  /** Said by the page's live region (RGAA 7.5) when the owner marks dishes sold out or back. */
  liveSoldOut: string;
  liveBack: string;
  liveUpdated: string;
  /** Before the establishment's own accessibility contact, in the footer. */
  accessibilityContact: string;
}

const fr: DinerTexts = {
  defaultRestaurantName: 'Restaurant',
  premium: 'Premium',
  nutritionTitle: 'Informations nutritionnelles',
  perServing: 'par portion',
  calories: 'Calories',
  protein: 'Protéines',
  carbs: 'Glucides',
  fat: 'Lipides',
  diets: 'Régimes alimentaires :',
  allergens: 'Allergènes :',
  traces: 'Peut contenir (traces) :',
  nutriScore: 'Nutri-Score',
  nutriScoreTableGeneral: 'tableau des aliments',
  nutriScoreTableCheese: 'tableau des fromages',
  nutriScoreTableFats: 'tableau des matières grasses',
  nutriScoreTableBeverage: 'tableau des boissons',
  nutriScoreTableWater: 'tableau des eaux',
  emptyTitle: 'Menu en cours de préparation',
  emptyText: 'Ce menu est actuellement vide. Revenez bientôt !',
  poweredBy: 'Menu numérique propulsé par',
  productName: 'NutriCarte',
  notFoundTitle: 'Menu non trouvé',
  notFoundText: 'Le menu demandé n’existe pas ou n’est plus disponible.',
  unavailableTitle: 'Ce menu n’est pas disponible pour le moment',
  unavailableText: 'Le restaurant l’a mis en pause. Demandez la carte au personnel, ou revenez un peu plus tard.',
  allergensNone: ALLERGEN_STATEMENTS.none,
  allergensUnverified: ALLERGEN_STATEMENTS.unverified,
  language: 'Langue',
  filterTitle: 'Je ne mange pas de…',
  filterApply: 'Filtrer',
  filterClear: 'Tout afficher',
  filterHint: 'Chaque plat qui en contient est signalé « Contient » et grisé.',
  contains: 'Contient :',
  mayContain: 'Peut contenir :',
  soldOut: 'Épuisé',
  pricesNote: 'Prix nets, service compris',
  priceLabel: 'Prix\u00a0:',
  freeWater: 'Eau potable gratuite sur demande',
  homemade: 'Fait maison',
  homemadeLegend: 'Les plats « faits maison » sont élaborés sur place à partir de produits bruts',
  origin: 'Origine :',
  meatOrigins: 'Origine des viandes :',
  bornAndReared: 'Né et élevé :',
  reared: 'Élevé :',
  slaughtered: 'Abattu :',
  setMenu: 'Formule',
  setMenus: 'Formules',
  drinkIncluded: 'Boisson comprise',
  drinkNotIncluded: 'Boisson non comprise',
  or: 'ou',
  restaurantLegal: 'Mentions légales du restaurant',
  skipToContent: 'Aller au contenu',
  filterSummary: 'Filtrer les allergènes',
  liveSoldOut: 'Épuisé\u00a0:',
  liveBack: 'De nouveau disponible\u00a0:',
  liveUpdated: 'Le menu a été mis à jour.',
  accessibilityContact: 'Contact accessibilité\u00a0:',
};

const en: DinerTexts = {
  defaultRestaurantName: 'Restaurant',
  premium: 'Premium',
  nutritionTitle: 'Nutrition information',
  perServing: 'per portion',
  calories: 'Calories',
  protein: 'Protein',
  carbs: 'Carbohydrate',
  fat: 'Fat',
  diets: 'Dietary preferences:',
  allergens: 'Allergens:',
  traces: 'May contain:',
  nutriScore: 'Nutri-Score',
  nutriScoreTableGeneral: 'foods table',
  nutriScoreTableCheese: 'cheese table',
  nutriScoreTableFats: 'fats, oils, nuts and seeds table',
  nutriScoreTableBeverage: 'beverages table',
  nutriScoreTableWater: 'water table',
  emptyTitle: 'Menu coming soon',
  emptyText: 'This menu is empty for now. Please come back soon!',
  poweredBy: 'Digital menu powered by',
  productName: 'NutriCarte',
  notFoundTitle: 'Menu not found',
  notFoundText: 'This menu does not exist or is no longer available.',
  unavailableTitle: 'This menu is not available at the moment',
  unavailableText: 'The restaurant has paused it. Please ask our staff for the menu, or come back a little later.',
  allergensNone: 'None of the 14 regulated allergens',
  allergensUnverified: 'Allergen information not available: please ask our staff',
  language: 'Language',
  filterTitle: 'I don’t eat…',
  filterApply: 'Filter',
  filterClear: 'Show all',
  filterHint: 'Each dish that contains one is marked “Contains” and greyed out.',
  contains: 'Contains:',
  mayContain: 'May contain:',
  soldOut: 'Sold out',
  pricesNote: 'Prices include VAT and service',
  priceLabel: 'Price:',
  freeWater: 'Free tap water on request',
  homemade: 'Homemade',
  homemadeLegend: '“Homemade” dishes are prepared on the premises from raw ingredients',
  origin: 'Origin:',
  meatOrigins: 'Meat origin:',
  bornAndReared: 'Born and reared in:',
  reared: 'Reared in:',
  slaughtered: 'Slaughtered in:',
  setMenu: 'Set menu',
  setMenus: 'Set menus',
  drinkIncluded: 'Drink included',
  drinkNotIncluded: 'Drink not included',
  or: 'or',
  restaurantLegal: 'Restaurant legal notice',
  skipToContent: 'Skip to content',
  filterSummary: 'Filter allergens',
  liveSoldOut: 'Sold out:',
  liveBack: 'Available again:',
  liveUpdated: 'The menu has been updated.',
  accessibilityContact: 'Accessibility contact:',
};

const es: DinerTexts = {
  defaultRestaurantName: 'Restaurante',
  premium: 'Premium',
  nutritionTitle: 'Información nutricional',
  perServing: 'por porción',
  calories: 'Calorías',
  protein: 'Proteínas',
  carbs: 'Hidratos de carbono',
  fat: 'Grasas',
  diets: 'Preferencias alimentarias:',
  allergens: 'Alérgenos:',
  traces: 'Puede contener:',
  nutriScore: 'Nutri-Score',
  nutriScoreTableGeneral: 'tabla de alimentos',
  nutriScoreTableCheese: 'tabla de quesos',
  nutriScoreTableFats: 'tabla de grasas, aceites, frutos secos y semillas',
  nutriScoreTableBeverage: 'tabla de bebidas',
  nutriScoreTableWater: 'tabla de aguas',
  emptyTitle: 'Carta en preparación',
  emptyText: 'Esta carta está vacía por ahora. ¡Vuelva pronto!',
  poweredBy: 'Carta digital creada con',
  productName: 'NutriCarte',
  notFoundTitle: 'Carta no encontrada',
  notFoundText: 'Esta carta no existe o ya no está disponible.',
  unavailableTitle: 'Esta carta no está disponible en este momento',
  unavailableText: 'El restaurante la ha pausado. Pida la carta al personal o vuelva un poco más tarde.',
  allergensNone: 'Ninguno de los 14 alérgenos de declaración obligatoria',
  allergensUnverified: 'Información sobre alérgenos no disponible: consulte a nuestro personal',
  language: 'Idioma',
  filterTitle: 'No como…',
  filterApply: 'Filtrar',
  filterClear: 'Mostrar todo',
  filterHint: 'Cada plato que los contiene se indica con “Contiene” y aparece en gris.',
  contains: 'Contiene:',
  mayContain: 'Puede contener:',
  soldOut: 'Agotado',
  pricesNote: 'Precios con IVA y servicio incluidos',
  priceLabel: 'Precio:',
  freeWater: 'Agua del grifo gratuita a petición',
  homemade: 'Casero',
  homemadeLegend: 'Los platos “caseros” se elaboran en nuestra cocina a partir de productos crudos',
  origin: 'Origen:',
  meatOrigins: 'Origen de la carne:',
  bornAndReared: 'Nacido y criado en:',
  reared: 'Criado en:',
  slaughtered: 'Sacrificado en:',
  setMenu: 'Menú',
  setMenus: 'Menús',
  drinkIncluded: 'Bebida incluida',
  drinkNotIncluded: 'Bebida no incluida',
  or: 'o',
  restaurantLegal: 'Aviso legal del restaurante',
  skipToContent: 'Ir al contenido',
  filterSummary: 'Filtrar alérgenos',
  liveSoldOut: 'Agotado:',
  liveBack: 'Disponible de nuevo:',
  liveUpdated: 'La carta se ha actualizado.',
  accessibilityContact: 'Contacto de accesibilidad:',
};

const de: DinerTexts = {
  defaultRestaurantName: 'Restaurant',
  premium: 'Premium',
  nutritionTitle: 'Nährwertangaben',
  perServing: 'pro Portion',
  calories: 'Kalorien',
  protein: 'Eiweiß',
  carbs: 'Kohlenhydrate',
  fat: 'Fett',
  diets: 'Ernährungsweisen:',
  allergens: 'Allergene:',
  traces: 'Kann Spuren enthalten von:',
  nutriScore: 'Nutri-Score',
  nutriScoreTableGeneral: 'Tabelle für Lebensmittel',
  nutriScoreTableCheese: 'Tabelle für Käse',
  nutriScoreTableFats: 'Tabelle für Fette, Öle, Nüsse und Samen',
  nutriScoreTableBeverage: 'Tabelle für Getränke',
  nutriScoreTableWater: 'Tabelle für Wasser',
  emptyTitle: 'Speisekarte in Vorbereitung',
  emptyText: 'Diese Speisekarte ist noch leer. Schauen Sie bald wieder vorbei!',
  poweredBy: 'Digitale Speisekarte bereitgestellt von',
  productName: 'NutriCarte',
  notFoundTitle: 'Speisekarte nicht gefunden',
  notFoundText: 'Diese Speisekarte gibt es nicht oder sie ist nicht mehr verfügbar.',
  unavailableTitle: 'Diese Speisekarte ist derzeit nicht verfügbar',
  unavailableText:
    'Das Restaurant hat sie pausiert. Bitte fragen Sie unser Personal nach der Karte oder schauen Sie etwas später wieder vorbei.',
  allergensNone: 'Keines der 14 kennzeichnungspflichtigen Allergene',
  allergensUnverified: 'Keine Allergenangaben: Bitte fragen Sie unser Personal',
  language: 'Sprache',
  filterTitle: 'Ich verzichte auf…',
  filterApply: 'Filtern',
  filterClear: 'Alle anzeigen',
  filterHint: 'Jedes Gericht, das sie enthält, ist mit „Enthält“ gekennzeichnet und ausgegraut.',
  contains: 'Enthält:',
  mayContain: 'Kann Spuren enthalten von:',
  soldOut: 'Ausverkauft',
  pricesNote: 'Alle Preise inkl. MwSt. und Bedienung',
  priceLabel: 'Preis:',
  freeWater: 'Leitungswasser auf Wunsch kostenlos',
  homemade: 'Hausgemacht',
  homemadeLegend: '„Hausgemachte“ Gerichte werden bei uns vor Ort aus frischen, unverarbeiteten Zutaten zubereitet',
  origin: 'Herkunft:',
  meatOrigins: 'Herkunft des Fleisches:',
  bornAndReared: 'Geboren und aufgezogen in:',
  reared: 'Aufgezogen in:',
  slaughtered: 'Geschlachtet in:',
  setMenu: 'Menü',
  setMenus: 'Menüs',
  drinkIncluded: 'Getränk inklusive',
  drinkNotIncluded: 'Getränk nicht inklusive',
  or: 'oder',
  restaurantLegal: 'Impressum des Restaurants',
  skipToContent: 'Zum Inhalt springen',
  filterSummary: 'Allergene filtern',
  liveSoldOut: 'Ausverkauft:',
  liveBack: 'Wieder verfügbar:',
  liveUpdated: 'Die Speisekarte wurde aktualisiert.',
  accessibilityContact: 'Kontakt für Barrierefreiheit:',
};

const it: DinerTexts = {
  defaultRestaurantName: 'Ristorante',
  premium: 'Premium',
  nutritionTitle: 'Informazioni nutrizionali',
  perServing: 'per porzione',
  calories: 'Calorie',
  protein: 'Proteine',
  carbs: 'Carboidrati',
  fat: 'Grassi',
  diets: 'Preferenze alimentari:',
  allergens: 'Allergeni:',
  traces: 'Può contenere:',
  nutriScore: 'Nutri-Score',
  nutriScoreTableGeneral: 'tabella degli alimenti',
  nutriScoreTableCheese: 'tabella dei formaggi',
  nutriScoreTableFats: 'tabella di grassi, oli, frutta a guscio e semi',
  nutriScoreTableBeverage: 'tabella delle bevande',
  nutriScoreTableWater: 'tabella delle acque',
  emptyTitle: 'Menù in preparazione',
  emptyText: 'Questo menù è ancora vuoto. Tornate presto!',
  poweredBy: 'Menù digitale realizzato con',
  productName: 'NutriCarte',
  notFoundTitle: 'Menù non trovato',
  notFoundText: 'Questo menù non esiste o non è più disponibile.',
  unavailableTitle: 'Questo menù non è disponibile al momento',
  unavailableText: 'Il ristorante lo ha sospeso. Chiedete il menù al personale o tornate un po’ più tardi.',
  allergensNone: 'Nessuno dei 14 allergeni da dichiarare per legge',
  allergensUnverified: 'Allergeni non indicati: chiedete al nostro personale',
  language: 'Lingua',
  filterTitle: 'Non mangio…',
  filterApply: 'Filtra',
  filterClear: 'Mostra tutto',
  filterHint: 'Ogni piatto che li contiene è segnalato con “Contiene” e appare in grigio.',
  contains: 'Contiene:',
  mayContain: 'Può contenere:',
  soldOut: 'Esaurito',
  pricesNote: 'Prezzi comprensivi di IVA e servizio',
  priceLabel: 'Prezzo:',
  freeWater: 'Acqua potabile gratuita su richiesta',
  homemade: 'Fatto in casa',
  homemadeLegend: 'I piatti “fatti in casa” sono preparati sul posto a partire da materie prime crude',
  origin: 'Origine:',
  meatOrigins: 'Origine delle carni:',
  bornAndReared: 'Nato e allevato in:',
  reared: 'Allevato in:',
  slaughtered: 'Macellato in:',
  setMenu: 'Formula',
  setMenus: 'Formule',
  drinkIncluded: 'Bevanda inclusa',
  drinkNotIncluded: 'Bevanda non inclusa',
  or: 'o',
  restaurantLegal: 'Note legali del ristorante',
  skipToContent: 'Vai al contenuto',
  filterSummary: 'Filtra gli allergeni',
  liveSoldOut: 'Esaurito:',
  liveBack: 'Di nuovo disponibile:',
  liveUpdated: 'Il menù è stato aggiornato.',
  accessibilityContact: 'Contatto per l’accessibilità:',
};

export const DINER_TEXTS: Record<DinerLanguage, DinerTexts> = { fr, en, es, de, it };

/** The key of a Nutri-Score table's name in the diner's texts. */
export const NUTRISCORE_TABLE_TEXTS: Record<NutriScoreCategory, keyof DinerTexts> = {
  general: 'nutriScoreTableGeneral',
  cheese: 'nutriScoreTableCheese',
  fats: 'nutriScoreTableFats',
  beverage: 'nutriScoreTableBeverage',
  water: 'nutriScoreTableWater',
};
