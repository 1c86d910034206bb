import { sql, type Kysely } from 'kysely';

/**
 * A supplier's price list (« tarif fournisseur », « mercuriale »), read from a CSV or XLSX file
 * (docs/decisions/0043-supplier-price-lists.md, docs/product/purchases.md « Tarifs fournisseurs »):
 *
 * - supplier_price_lists / supplier_price_list_lines: a draft until the owner confirms it, its
 *   lines matched to products like an invoice's; versioned like every editable row. A price list
 *   is not a purchase: EGalim, « ma cantine » and consumption never read these tables.
 * - product_prices gains the source « price_list » and the list it came from; products.price_source too.
 * - recipe_cost_changes names the invoice or the price list that moved the cost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE supplier_price_lists (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'draft' CONSTRAINT supplier_price_lists_status_check CHECK (status IN ('draft', 'confirmed')),
      supplier_name text NOT NULL,
      supplier_key text NOT NULL,
      effective_date date NOT NULL,
      file_hash text NOT NULL,
      confirmed_at timestamptz,
      version integer NOT NULL DEFAULT 1 CONSTRAINT supplier_price_lists_version_check CHECK (version >= 1),
      updated_by_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supplier_price_lists_id_organisation_key UNIQUE (id, organisation_id),
      CONSTRAINT supplier_price_lists_file_key UNIQUE (organisation_id, file_hash)
    );
    CREATE INDEX supplier_price_lists_created_by_idx ON supplier_price_lists(created_by);

    CREATE TABLE supplier_price_list_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      price_list_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      position integer NOT NULL,
      supplier_article_id text,
      description text NOT NULL,
      unit_label text,
      price_ht numeric(18, 6) NOT NULL CONSTRAINT supplier_price_list_lines_price_check CHECK (price_ht > 0),
      vat_rate numeric(6, 3),
      ean text,
      labels text,
      base_amount numeric(18, 6) NOT NULL,
      base_unit text NOT NULL CONSTRAINT supplier_price_list_lines_base_unit_check CHECK (base_unit IN ('kg', 'l', 'unité')),
      product_id uuid,
      match text CONSTRAINT supplier_price_list_lines_match_check CHECK (match IN ('learned', 'suggested')),
      CONSTRAINT supplier_price_list_lines_position_key UNIQUE (price_list_id, position),
      CONSTRAINT supplier_price_list_lines_list_fkey FOREIGN KEY (price_list_id, organisation_id)
        REFERENCES supplier_price_lists(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT supplier_price_list_lines_product_fkey FOREIGN KEY (product_id, organisation_id)
        REFERENCES products(id, organisation_id) ON DELETE SET NULL (product_id)
    );
    CREATE INDEX supplier_price_list_lines_product_idx ON supplier_price_list_lines(product_id);

    ALTER TABLE product_prices
      DROP CONSTRAINT product_prices_source_check,
      ADD CONSTRAINT product_prices_source_check CHECK (source IN ('invoice', 'manual', 'price_list')),
      ADD COLUMN price_list_id uuid REFERENCES supplier_price_lists(id) ON DELETE SET NULL;
    CREATE INDEX product_prices_price_list_idx ON product_prices(price_list_id);
    ALTER TABLE products
      DROP CONSTRAINT products_price_source_check,
      ADD CONSTRAINT products_price_source_check CHECK (price_source IN ('invoice', 'manual', 'price_list'));
    ALTER TABLE recipe_cost_changes
      ALTER COLUMN invoice_id DROP NOT NULL,
      ADD COLUMN price_list_id uuid REFERENCES supplier_price_lists(id) ON DELETE CASCADE,
      ADD CONSTRAINT recipe_cost_changes_source_check CHECK ((invoice_id IS NULL) <> (price_list_id IS NULL));
    CREATE INDEX recipe_cost_changes_price_list_idx ON recipe_cost_changes(price_list_id);
  `.execute(db);
}

/** Back to invoices and hand-typed prices only: what price lists brought is forgotten, current prices stay (as « manuel »). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM recipe_cost_changes WHERE invoice_id IS NULL;
    ALTER TABLE recipe_cost_changes
      DROP CONSTRAINT recipe_cost_changes_source_check,
      DROP COLUMN price_list_id,
      ALTER COLUMN invoice_id SET NOT NULL;
    UPDATE products SET price_source = 'manual' WHERE price_source = 'price_list';
    ALTER TABLE products
      DROP CONSTRAINT products_price_source_check,
      ADD CONSTRAINT products_price_source_check CHECK (price_source IN ('invoice', 'manual'));
    UPDATE product_prices SET source = 'manual' WHERE source = 'price_list';
    ALTER TABLE product_prices
      DROP COLUMN price_list_id,
      DROP CONSTRAINT product_prices_source_check,
      ADD CONSTRAINT product_prices_source_check CHECK (source IN ('invoice', 'manual'));
    DROP TABLE supplier_price_list_lines;
    DROP TABLE supplier_price_lists;
  `.execute(db);
}
