import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as contactSync from './migrations/0002-contact-sync-on-signup.ts';
import * as twoFactor from './migrations/0003-two-factor.ts';
import * as contactAddress from './migrations/0004-contact-address-and-one-two-factor.ts';
import * as allergenStatus from './migrations/0005-allergen-status-and-facts.ts';
import * as lineWeights from './migrations/0006-line-weights.ts';
import * as establishmentProfile from './migrations/0007-establishment-profile.ts';
import * as security from './migrations/0008-security.ts';
import * as organisations from './migrations/0009-organisations.ts';
import * as products from './migrations/0010-products-and-sub-recipes.ts';
import * as photos from './migrations/0011-photos.ts';
import * as dinersMenu from './migrations/0012-menu-items-prices-formules.ts';
import * as menuLanguages from './migrations/0013-menu-languages-and-availability.ts';
import * as mealPlans from './migrations/0014-meal-plans.ts';
import * as dinerPerformance from './migrations/0015-performance.ts';
import * as costsProgression from './migrations/0016-costs-progression.ts';
import * as qrScanDays from './migrations/0017-qr-scan-days.ts';
import * as establishmentPortions from './migrations/0018-establishment-portions.ts';
import * as accountChanges from './migrations/0019-account-changes.ts';
import * as ownIngredientChanges from './migrations/0020-own-ingredient-changes.ts';
import * as openVocabularies from './migrations/0021-open-vocabularies.ts';
import * as nutriScoreCategoriesKitchenUnits from './migrations/0022-nutri-score-categories-kitchen-units.ts';
import * as versions from './migrations/0023-versions.ts';
import * as canteenYear from './migrations/0024-canteen-year.ts';
import * as kitchenPricesAndCarte from './migrations/0025-kitchen-prices-and-carte.ts';
import * as purchasesAndSales from './migrations/0026-purchases-and-sales.ts';
import * as purchaseVersions from './migrations/0026b-purchase-versions.ts';
import * as labels from './migrations/0027-labels.ts';
import * as publicApi from './migrations/0028-public-api.ts';
import * as establishmentAccessibilityContact from './migrations/0029-establishment-accessibility-contact.ts';
import * as cacheTriggersFromContract from './migrations/0031-cache-triggers-from-contract.ts';
import * as canteenVersions from './migrations/0032-canteen-versions.ts';
import * as supplierPriceLists from './migrations/0033-supplier-price-lists.ts';

/** Migrations are listed here (not read from disk) so the built server carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-contact-sync-on-signup': contactSync,
  '0003-two-factor': twoFactor,
  '0004-contact-address-and-one-two-factor': contactAddress,
  '0005-allergen-status-and-facts': allergenStatus,
  '0006-line-weights': lineWeights,
  '0007-establishment-profile': establishmentProfile,
  '0008-security': security,
  '0009-organisations': organisations,
  '0010-products-and-sub-recipes': products,
  '0011-photos': photos,
  '0012-menu-items-prices-formules': dinersMenu,
  '0013-menu-languages-and-availability': menuLanguages,
  '0014-meal-plans': mealPlans,
  '0015-performance': dinerPerformance,
  '0016-costs-progression': costsProgression,
  '0017-qr-scan-days': qrScanDays,
  '0018-establishment-portions': establishmentPortions,
  '0019-account-changes': accountChanges,
  '0020-own-ingredient-changes': ownIngredientChanges,
  '0021-open-vocabularies': openVocabularies,
  '0022-nutri-score-categories-kitchen-units': nutriScoreCategoriesKitchenUnits,
  '0023-versions': versions,
  '0024-canteen-year': canteenYear,
  '0025-kitchen-prices-and-carte': kitchenPricesAndCarte,
  '0026-purchases-and-sales': purchasesAndSales,
  '0026b-purchase-versions': purchaseVersions,
  '0027-labels': labels,
  '0028-public-api': publicApi,
  '0029-establishment-accessibility-contact': establishmentAccessibilityContact,
  '0031-cache-triggers-from-contract': cacheTriggersFromContract,
  '0032-canteen-versions': canteenVersions,
  '0033-supplier-price-lists': supplierPriceLists,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Names of every migration, oldest first. */
export const migrationNames = (): string[] => Object.keys(migrations).sort();

type MigrationRun = Awaited<ReturnType<Migrator['migrateToLatest']>>;

function applied({ error, results }: MigrationRun): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every pending migration; Kysely holds an advisory lock so parallel starts are safe. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  return applied(await new Migrator({ db, provider: new StaticMigrationProvider() }).migrateToLatest());
}

/** Applies the migrations up to `name` included (tests of a migration on the previous schema's data). */
export async function migrateTo(db: Kysely<unknown>, name: string): Promise<string[]> {
  return applied(await new Migrator({ db, provider: new StaticMigrationProvider() }).migrateTo(name));
}
