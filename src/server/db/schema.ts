import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SaleMode } from '../../shared/costs.ts';
import type { Population } from '../../shared/catering/catering.ts';
import type { PortionLine } from '../../shared/catering/portions.ts';
import type { AgeMix, CoversByService, EstablishmentKind, SchoolZone } from '../../shared/catering/establishment.ts';
import type { DietCounts } from '../../shared/catering/diets.ts';
import type { NutriScoreCategory } from '../../shared/nutriscore.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Num = ColumnType<number, number | string, number | string>;
type NullableNum = ColumnType<number | null, number | string | null | undefined, number | string | null>;

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  signup_restaurant_name: string | null;
  two_factor_enabled: Generated<boolean>;
  /** The organisation in use (docs/product/organisations.md); null only until the next request falls back. */
  active_organisation_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TwoFactorsTable {
  id: Generated<string>;
  user_id: string;
  secret: string;
  backup_codes: string;
  verified: Generated<boolean>;
  failed_verification_count: Generated<number>;
  locked_until: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's credentials (provider_id 'credential' holds the password hash). */
export interface AccountsTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  provider_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's one-time values: reset links (`reset-password:<token>` → user id), trusted devices… */
export interface VerificationsTable {
  id: Generated<string>;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganisationsTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MemberRoleColumn = 'owner' | 'editor' | 'viewer' | 'dietitian' | 'service';

export interface MembershipsTable {
  organisation_id: string;
  user_id: string;
  role: MemberRoleColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EstablishmentsTable extends VersionColumns {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  /** The restaurant's « Mentions légales » for diners (migration 0025). */
  legal_name: string | null;
  publication_director: string | null;
  /** The establishment's own accessibility contact, an e-mail or web address (migration 0029). */
  accessibility_contact: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A canteen's profile (migration 0024, src/shared/catering/establishment.ts). */
  kind: EstablishmentKind | null;
  siret: string | null;
  school_zone: SchoolZone | null;
  covers: ColumnType<CoversByService, string | undefined, string>;
  age_mix: ColumnType<AgeMix, string | undefined, string>;
  wednesdays_closed: Generated<boolean>;
  needs_validation: Generated<boolean>;
}

export interface InvitationsTable {
  id: Generated<string>;
  organisation_id: string;
  /** Lower case. */
  email: string;
  role: MemberRoleColumn;
  /** SHA-256 of the token in the link, hex; the token itself is never stored. */
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  organisation_id: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  entity_name: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  organisation_id: string;
  tier: Generated<'free' | 'premium'>;
  status: Generated<'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid'>;
  billing_type: 'monthly' | 'yearly' | null;
  provider: 'stripe' | 'demo' | null;
  customer_id: string | null;
  provider_subscription_id: string | null;
  current_period_end: Date | null;
  trial_end: Date | null;
  cancel_at_period_end: Generated<boolean>;
  /** When the organisation's one free trial was used (null: still available). */
  trial_used_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CatalogueFoodsTable {
  code: number;
  name: string;
  name_folded: string;
  group_name: string | null;
  subgroup_name: string | null;
  subsubgroup_name: string | null;
  group_code: string | null;
  subgroup_code: string | null;
  subsubgroup_code: string | null;
  energy_kj: number | null;
  energy_kcal: number | null;
  water_g: number | null;
  protein_g: number | null;
  protein_n625_g: number | null;
  carbs_g: number | null;
  sugars_g: number | null;
  fiber_g: number | null;
  fat_g: number | null;
  saturated_fat_g: number | null;
  salt_g: number | null;
  sodium_mg: number | null;
  polyols_g: number | null;
  alcohol_g: number | null;
  organic_acids_g: number | null;
  composition: ColumnType<Record<string, number | null>, string, string>;
  raw_flags: ColumnType<Record<string, string>, string, string>;
  updated_at: Timestamp;
}

export interface CatalogueMetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** An editable row's version (migration 0023, src/server/domain/versions.ts): +1 per change, and who saved last. */
interface VersionColumns {
  version: Generated<number>;
  updated_by_name: string | null;
}

/** Owned rows (migration 0009): the organisation they belong to, and who created them (null once that account is gone). */
interface OwnedColumns {
  organisation_id: string;
  created_by: string | null;
}

export interface RecipesTable extends OwnedColumns, VersionColumns {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  servings: Generated<number>;
  allergens: Generated<string[]>;
  traces: Generated<string[]>;
  dietary_info: Generated<string[]>;
  calories_per_serving: number | null;
  protein_per_serving: NullableNum;
  carbs_per_serving: NullableNum;
  fat_per_serving: NullableNum;
  /** RecipeFacts (src/shared/recipe-facts.ts) as computed for `facts_version`. */
  facts: ColumnType<unknown, string | undefined, string>;
  facts_version: Generated<number>;
  allergens_declared: Generated<boolean>;
  /** Who confirmed the allergen lists (null once that account is gone), their name then, and when. */
  allergens_confirmed_by: string | null;
  allergens_confirmed_by_name: string | null;
  allergens_confirmed_at: Date | null;
  prep_time: number | null;
  cook_time: number | null;
  price: NullableNum;
  cooked_weight_g: NullableNum;
  fruit_veg_legume_percent: NullableNum;
  show_nutri_score: Generated<boolean>;
  /** The Nutri-Score table: `auto` (from the ingredients) or the owner's choice (migration 0022). */
  nutri_score_category: Generated<'auto' | NutriScoreCategory>;
  /** The owner's translations (src/shared/diner/translations.ts), `{}` when none (migration 0013). */
  translations: ColumnType<unknown, string | undefined, string>;
  /** Owner's GEMRCN classifications (migration 0014, src/shared/catering/catering.ts). */
  catering_tags: Generated<string[]>;
  /** « Ne compte pas » per criterion, and the owner's « de saison » tick (migration 0024). */
  catering_excluded: Generated<string[]>;
  seasonal: Generated<boolean>;
  /** « Fait maison » and the meats' origins (migration 0012, src/shared/meat-origin.ts). */
  homemade: Generated<boolean>;
  meat_origins: ColumnType<unknown, string | undefined, string>;
  /** « sur_place » (VAT 10 %) or « a_emporter » (5,5 %), and the fiche technique's steps (migration 0016). */
  sale_mode: Generated<SaleMode>;
  progression: Generated<string[]>;
  /** Its photo (migration 0011); released by a trigger when the recipe or the link goes. */
  photo_id: Generated<string | null>;
  /** The owner's own lists (migration 0010); `allergens` / `traces` add what the products state. */
  own_allergens: Generated<string[]>;
  own_traces: Generated<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecipeIngredientsTable {
  id: Generated<string>;
  recipe_id: string;
  position: number;
  /** Exactly one of food_code and product_id (migration 0010). */
  food_code: number | null;
  product_id: string | null;
  /** A sub-recipe of the same organisation, by g, kg or portion (migration 0010). */
  sub_recipe_id: string | null;
  name: string;
  quantity: Num;
  unit: 'g' | 'kg' | 'ml' | 'cl' | 'l' | 'cs' | 'cc' | 'pincee' | 'unité' | 'portion';
  grams_per_unit: NullableNum;
  /** Density of a line in ml or l (migration 0006); null for other units. */
  grams_per_ml: NullableNum;
}

/** One planned dish (migration 0014): a recipe for a component of a service on a day. */
export interface MealPlanEntriesTable extends OwnedColumns {
  id: Generated<string>;
  establishment_id: string;
  /** A calendar day; read as text (YYYY-MM-DD) by the services. */
  date: ColumnType<string, string, string>;
  service: 'dejeuner' | 'diner' | 'gouter';
  slot: 'entree' | 'plat' | 'accompagnement' | 'laitier' | 'dessert' | 'pain' | 'gouter';
  recipe_id: string;
  created_at: Timestamp;
}

/** A planned service (migration 0023): made by its first save, it holds the service's version. */
export interface MealPlanServicesTable extends VersionColumns {
  organisation_id: string;
  establishment_id: string;
  date: ColumnType<string, string, string>;
  service: 'dejeuner' | 'diner' | 'gouter';
  updated_at: Generated<Date>;
}

/** An establishment's own grammages (migration 0018, src/shared/catering/portions.ts); a missing cell follows the defaults. */
export interface EstablishmentPortionsTable {
  organisation_id: string;
  establishment_id: string;
  line: PortionLine;
  population: Population;
  /** Grams per cover; null: one recipe portion per cover. */
  grams: number | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** A day the establishment is closed (migration 0024): typed, or read from an .ics file. */
export interface EstablishmentClosedDaysTable {
  id: Generated<string>;
  organisation_id: string;
  establishment_id: string;
  date: ColumnType<string, string, string>;
  label: string;
  source: 'saisie' | 'ics';
  version: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  /** Who saved the day last and when (migration 0032): a stale write's 409 names them. */
  updated_by_name: string | null;
  updated_at: Generated<Date>;
}

/** Covers per service taking each diet variant (migration 0024, src/shared/catering/diets.ts). */
export interface EstablishmentDietsTable {
  establishment_id: string;
  organisation_id: string;
  counts: ColumnType<DietCounts, string | undefined, string>;
  version: Generated<number>;
  updated_by: string | null;
  /** Migration 0032: a stale write's 409 names who saved the counts last. */
  updated_by_name: string | null;
  updated_at: Generated<Date>;
}

/** The dish a diet variant gets instead of a planned one (migration 0024). */
export interface MealPlanSubstitutesTable extends OwnedColumns {
  id: Generated<string>;
  establishment_id: string;
  date: ColumnType<string, string, string>;
  service: 'dejeuner' | 'diner' | 'gouter';
  slot: 'entree' | 'plat' | 'accompagnement' | 'laitier' | 'dessert' | 'pain' | 'gouter';
  variant: string;
  recipe_id: string;
  created_at: Generated<Date>;
}

/** A week's publication state (migration 0024): only published weeks are public. */
export interface MealPlanWeeksTable {
  organisation_id: string;
  establishment_id: string;
  week: ColumnType<string, string, string>;
  status: 'draft' | 'validated' | 'published';
  validated_by: string | null;
  validated_by_name: string | null;
  validated_at: Date | null;
  published_by: string | null;
  published_at: Date | null;
  changed_at: Date | null;
  version: Generated<number>;
  /** Who changed the week's state or its dishes last, and when (migration 0032): a stale write's 409 names them. */
  updated_by_name: string | null;
  updated_at: Generated<Date>;
}

/** An organisation's own product (migration 0010, docs/product/products.md). */
export interface ProductsTable extends OwnedColumns, VersionColumns {
  id: Generated<string>;
  name: string;
  name_folded: string;
  supplier: Generated<string>;
  based_on_code: number | null;
  energy_kcal: NullableNum;
  energy_kj: NullableNum;
  fat_g: NullableNum;
  saturated_fat_g: NullableNum;
  carbs_g: NullableNum;
  sugars_g: NullableNum;
  fiber_g: NullableNum;
  protein_g: NullableNum;
  salt_g: NullableNum;
  allergens: Generated<string[]>;
  traces: Generated<string[]>;
  price: NullableNum;
  price_per: 'kg' | 'l' | 'unité' | null;
  grams_per_unit: NullableNum;
  origin: string | null;
  meat_kind: 'bovine' | 'porcine' | 'ovine' | 'volaille' | null;
  labels: Generated<string[]>;
  /** Where the current price comes from (migration 0026): a confirmed invoice, or typed by hand (« manuel »). */
  price_source: 'invoice' | 'manual' | 'price_list' | null;
  /** Its own ingredient list as its label prints it (migration 0027); null: named alone on a label. */
  label_ingredients: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Months of season (1–12) and the pack it is ordered in (migration 0024). */
  season_months: Generated<number[]>;
  pack_quantity: NullableNum;
  pack_unit: 'kg' | 'l' | 'unité' | null;
}

/** What the owner sets for a recipe's label (migration 0027, src/shared/labels/settings.ts); no row: the defaults. */
export interface RecipeLabelsTable {
  recipe_id: string;
  organisation_id: string;
  denomination: string | null;
  shelf_life_days: number | null;
  storage: string | null;
  net_quantity: NullableNum;
  net_quantity_unit: Generated<'g' | 'ml'>;
  nutrition: Generated<'none' | 'per_100g' | 'per_100g_and_portion'>;
  /** Keys of the ingredients whose percentage is printed; null: those named in the denomination. */
  quid: string[] | null;
  /** The label's names of ingredients, by key (`food:…`, `product:…`, `recipe:…`). */
  ingredient_names: ColumnType<Record<string, string>, string | undefined, string>;
  barcode: Generated<'none' | 'qr' | 'gs1_128'>;
  establishment_id: string | null;
  version: Generated<number>;
  updated_by_name: string | null;
  updated_at: Generated<Date>;
}

export interface MenusTable extends OwnedColumns, VersionColumns {
  id: Generated<string>;
  establishment_id: string;
  name: string;
  description: Generated<string>;
  is_active: Generated<boolean>;
  /** The owner's translations of the name and description (migration 0025), `{}` when none. */
  translations: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MenuSectionsTable extends VersionColumns {
  id: Generated<string>;
  menu_id: string;
  name: Generated<string>;
  description: Generated<string>;
  display_order: number;
  /** The owner's translations of the name and description (migration 0025), `{}` when none. */
  translations: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MenuItemsTable extends VersionColumns {
  id: Generated<string>;
  menu_section_id: string;
  recipe_id: string | null;
  name: string;
  description: Generated<string>;
  /** NULL: « prix à renseigner » (migration 0012), not shown to diners. */
  price: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  is_available: Generated<boolean>;
  /** An item without a recipe: its own allergen lists and diet labels (migration 0012). */
  allergens: Generated<string[]>;
  traces: Generated<string[]>;
  dietary_info: Generated<string[]>;
  allergens_declared: Generated<boolean>;
  display_order: number;
  /** Its own photo (migration 0011); without one, the page shows its recipe's. */
  photo_id: Generated<string | null>;
  /** The owner's translations (src/shared/diner/translations.ts), `{}` when none (migration 0013). */
  translations: ColumnType<unknown, string | undefined, string>;
  /** « Épuisé »: still listed for diners, marked sold out (migration 0013). */
  sold_out: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A priced combination of a menu's sections (migration 0012). */
export interface FormulesTable extends VersionColumns {
  id: Generated<string>;
  menu_id: string;
  name: string;
  price: ColumnType<number, number | string, number | string>;
  /** Alternatives, each a list of section ids: JSON text on write. */
  choices: ColumnType<string[][], string, string>;
  display_order: number;
  /** The owner's translations of the name (migration 0025), `{}` when none. */
  translations: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An organisation's price for a Ciqual food (migration 0025, src/shared/ingredient-prices.ts). */
export interface IngredientPricesTable {
  organisation_id: string;
  food_code: number;
  amount: Num;
  per: 'kg' | 'l' | 'unité';
  supplier: Generated<string>;
  version: Generated<number>;
  updated_by: string | null;
  updated_by_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A photo, named by the hash of the uploaded file (src/server/domain/photos). */
export interface PhotosTable {
  id: string;
  created_at: Timestamp;
}

/** One WebP copy of a photo; `bytes` is null when the copy is in the S3 bucket. */
export interface PhotoVariantsTable {
  photo_id: string;
  width: number;
  height: number;
  byte_size: number;
  bytes: Uint8Array | null;
}

/** Bucket keys of released photos, waiting to be deleted after their transaction committed. */
export interface PhotoOrphansTable {
  object_key: string;
  created_at: Timestamp;
}

export interface QrCodesTable extends OwnedColumns {
  id: Generated<string>;
  menu_id: string;
  name: string;
  qr_data: Generated<string>;
  status: Generated<'active' | 'inactive'>;
  scan_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QrScansTable {
  id: Generated<number>;
  qr_code_id: string;
  scanned_at: Timestamp;
}

/** Scans of a code per Paris calendar day (migration 0017), kept by triggers on qr_scans. */
export interface QrScanDaysTable {
  qr_code_id: string;
  /** A calendar day; read as text (YYYY-MM-DD) by the statistics. */
  day: ColumnType<string, string, string>;
  scans: number;
}

export interface EventOutboxTable {
  id: Generated<number>;
  user_id: string | null;
  kind: 'event' | 'contact' | 'webhook';
  name: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  /** A webhook delivery (migration 0028): its organisation, its endpoint, the transaction's key, the last answer's status. */
  organisation_id: Generated<string | null>;
  webhook_endpoint_id: Generated<string | null>;
  dedupe_key: Generated<string | null>;
  response_status: Generated<number | null>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  available_at: Timestamp;
  last_error: string | null;
  delivered_to: string | null;
  delivered_at: Date | null;
  created_at: Timestamp;
}

/** An organisation's API key (migration 0028): only the SHA-256 of the secret is kept. */
export interface ApiKeysTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  /** The first characters of the key, shown in the list (`nc_live_AbCd`). */
  prefix: string;
  key_hash: string;
  scopes: string[];
  rate_per_minute: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** One call made with an API key (migration 0028): the public API's audit trail. */
export interface ApiCallsTable {
  id: Generated<number>;
  organisation_id: string;
  api_key_id: string;
  method: string;
  path: string;
  status: number;
  request_id: string;
  created_at: Timestamp;
}

/** A webhook endpoint (migration 0028). */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  organisation_id: string;
  url: string;
  events: string[];
  secret: string;
  is_active: Generated<boolean>;
  version: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProcessedWebhookEventsTable {
  event_id: string;
  provider: string;
  type: string;
  processed_at: Timestamp;
}

export interface CheckoutSessionsTable extends OwnedColumns {
  id: string;
  provider: 'stripe' | 'demo';
  billing_type: 'monthly' | 'yearly';
  status: Generated<'open' | 'complete' | 'expired'>;
  created_at: Timestamp;
  completed_at: Date | null;
}

/** A supplier invoice read from its file (migration 0026, docs/product/purchases.md). */
export interface PurchaseInvoicesTable extends OwnedColumns {
  id: Generated<string>;
  establishment_id: string | null;
  status: Generated<'draft' | 'confirmed'>;
  kind: 'invoice' | 'credit_note';
  format: 'factur-x' | 'cii' | 'ubl';
  profile: string | null;
  type_code: string;
  supplier_name: string;
  supplier_siret: string | null;
  supplier_vat_id: string | null;
  /** The SIRET, else the VAT number, else the folded name: what « the same supplier » means. */
  supplier_key: string;
  number: string;
  /** Read as text (YYYY-MM-DD). */
  issue_date: ColumnType<string, string, string>;
  currency: string;
  total_value: Num;
  total_with_vat: NullableNum;
  lines_included: boolean;
  confirmed_at: Date | null;
  version: Generated<number>;
  /** Who saved the version (migration 0026b, src/server/domain/versions.ts). */
  updated_by_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PurchaseInvoiceLinesTable {
  id: Generated<string>;
  invoice_id: string;
  organisation_id: string;
  position: number;
  line_id: string;
  supplier_article_id: string | null;
  description: string;
  quantity: Num;
  unit_code: string;
  unit_price: Num;
  line_total: Num;
  vat_rate: NullableNum;
  /** How much kg, l or unité one billed unit is (src/shared/purchases/invoice-units.ts). */
  base_amount: Num;
  base_unit: 'kg' | 'l' | 'unité';
  product_id: string | null;
  match: 'learned' | 'suggested' | null;
}

export interface SupplierArticleProductsTable {
  organisation_id: string;
  supplier_key: string;
  article_key: string;
  product_id: string;
  updated_at: Generated<Date>;
}

export interface ProductPricesTable {
  id: Generated<string>;
  organisation_id: string;
  product_id: string;
  date: ColumnType<string, string, string>;
  amount: Num;
  per: 'kg' | 'l' | 'unité';
  source: 'invoice' | 'manual' | 'price_list';
  invoice_id: string | null;
  /** The supplier's price list it came from (migration 0033). */
  price_list_id: Generated<string | null>;
  created_at: Generated<Date>;
}

/** A supplier's price list, a draft until confirmed (migration 0033, docs/decisions/0043-supplier-price-lists.md). */
export interface SupplierPriceListsTable {
  id: Generated<string>;
  organisation_id: string;
  created_by: string | null;
  status: Generated<'draft' | 'confirmed'>;
  supplier_name: string;
  supplier_key: string;
  effective_date: ColumnType<string, string, string>;
  file_hash: string;
  confirmed_at: Date | null;
  version: Generated<number>;
  updated_by_name: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SupplierPriceListLinesTable {
  id: Generated<string>;
  price_list_id: string;
  organisation_id: string;
  position: number;
  supplier_article_id: string | null;
  description: string;
  unit_label: string | null;
  price_ht: Num;
  vat_rate: NullableNum;
  ean: string | null;
  labels: string | null;
  base_amount: Num;
  base_unit: 'kg' | 'l' | 'unité';
  product_id: string | null;
  match: 'learned' | 'suggested' | null;
}

export interface RecipeCostChangesTable {
  id: Generated<string>;
  organisation_id: string;
  recipe_id: string;
  /** The confirmed invoice, or (migration 0033) the price list, that moved the cost. */
  invoice_id: string | null;
  price_list_id: Generated<string | null>;
  date: ColumnType<string, string, string>;
  cost_before: NullableNum;
  cost_after: NullableNum;
}

export interface PurchaseSettingsTable {
  organisation_id: string;
  food_cost_target: ColumnType<number, number | undefined, number>;
  version: Generated<number>;
  updated_by_name: string | null;
  updated_at: Generated<Date>;
}

export interface SalesImportsTable {
  id: Generated<string>;
  organisation_id: string;
  created_by: string | null;
  file_hash: string;
  format: string;
  rows: number;
  first_date: ColumnType<string, string, string>;
  last_date: ColumnType<string, string, string>;
  created_at: Generated<Date>;
}

export interface SalesTable {
  id: Generated<string>;
  organisation_id: string;
  import_id: string;
  date: ColumnType<string, string, string>;
  item_name: string;
  item_code: string | null;
  quantity: Num;
  amount_ttc: NullableNum;
  menu_item_id: string | null;
}

export interface DB {
  users: UsersTable;
  two_factors: TwoFactorsTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  organisations: OrganisationsTable;
  memberships: MembershipsTable;
  establishments: EstablishmentsTable;
  invitations: InvitationsTable;
  audit_events: AuditEventsTable;
  subscriptions: SubscriptionsTable;
  catalogue_foods: CatalogueFoodsTable;
  catalogue_meta: CatalogueMetaTable;
  recipes: RecipesTable;
  recipe_ingredients: RecipeIngredientsTable;
  products: ProductsTable;
  ingredient_prices: IngredientPricesTable;
  recipe_labels: RecipeLabelsTable;
  menus: MenusTable;
  meal_plan_entries: MealPlanEntriesTable;
  meal_plan_services: MealPlanServicesTable;
  establishment_portions: EstablishmentPortionsTable;
  establishment_closed_days: EstablishmentClosedDaysTable;
  establishment_diets: EstablishmentDietsTable;
  meal_plan_substitutes: MealPlanSubstitutesTable;
  meal_plan_weeks: MealPlanWeeksTable;
  menu_sections: MenuSectionsTable;
  menu_items: MenuItemsTable;
  formules: FormulesTable;
  photos: PhotosTable;
  photo_variants: PhotoVariantsTable;
  photo_orphans: PhotoOrphansTable;
  qr_codes: QrCodesTable;
  qr_scans: QrScansTable;
  qr_scan_days: QrScanDaysTable;
  event_outbox: EventOutboxTable;
  api_keys: ApiKeysTable;
  api_calls: ApiCallsTable;
  webhook_endpoints: WebhookEndpointsTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  checkout_sessions: CheckoutSessionsTable;
  purchase_invoices: PurchaseInvoicesTable;
  purchase_invoice_lines: PurchaseInvoiceLinesTable;
  supplier_article_products: SupplierArticleProductsTable;
  product_prices: ProductPricesTable;
  recipe_cost_changes: RecipeCostChangesTable;
  supplier_price_lists: SupplierPriceListsTable;
  supplier_price_list_lines: SupplierPriceListLinesTable;
  purchase_settings: PurchaseSettingsTable;
  sales_imports: SalesImportsTable;
  sales: SalesTable;
}

export type RecipeRow = Selectable<RecipesTable>;
export type CatalogueFoodRow = Selectable<CatalogueFoodsTable>;
export type ProductRow = Selectable<ProductsTable>;
