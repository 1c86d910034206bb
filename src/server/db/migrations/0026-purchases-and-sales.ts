import { sql, type Kysely } from 'kysely';

/**
 * Supplier invoices, price history and sales (docs/decisions/0037-supplier-invoices.md,
 * docs/product/purchases.md; DECISIONS 23: purchases are the truth for money).
 *
 * - purchase_invoices / purchase_invoice_lines: an invoice read from its Factur-X, CII or UBL
 *   file, a draft until the owner confirms it; one per supplier and number.
 * - supplier_article_products: which product a supplier's article is, learned per supplier.
 * - product_prices: every price a product had, from an invoice or typed by hand (« manuel »);
 *   products.price_source says where the current one comes from. Existing prices become
 *   the first manual line of their product's history, dated from the product's last change.
 * - recipe_cost_changes: a recipe's cost per portion before and after a confirmed invoice.
 * - purchase_settings: the owner's food cost target (« objectif de coût matière »).
 * - sales_imports / sales: a till's export, each row matched to a menu item when it can be.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD CONSTRAINT products_id_organisation_key UNIQUE (id, organisation_id),
      ADD COLUMN price_source text CONSTRAINT products_price_source_check CHECK (price_source IN ('invoice', 'manual'));
    UPDATE products SET price_source = 'manual' WHERE price IS NOT NULL;

    CREATE TABLE purchase_invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      establishment_id uuid,
      status text NOT NULL DEFAULT 'draft' CONSTRAINT purchase_invoices_status_check CHECK (status IN ('draft', 'confirmed')),
      kind text NOT NULL CONSTRAINT purchase_invoices_kind_check CHECK (kind IN ('invoice', 'credit_note')),
      format text NOT NULL CONSTRAINT purchase_invoices_format_check CHECK (format IN ('factur-x', 'cii', 'ubl')),
      profile text,
      type_code text NOT NULL,
      supplier_name text NOT NULL,
      supplier_siret text,
      supplier_vat_id text,
      supplier_key text NOT NULL,
      number text NOT NULL,
      issue_date date NOT NULL,
      currency text NOT NULL,
      total_value numeric(14, 2) NOT NULL,
      total_with_vat numeric(14, 2),
      lines_included boolean NOT NULL,
      confirmed_at timestamptz,
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT purchase_invoices_id_organisation_key UNIQUE (id, organisation_id),
      CONSTRAINT purchase_invoices_number_key UNIQUE (organisation_id, supplier_key, number),
      CONSTRAINT purchase_invoices_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE SET NULL (establishment_id)
    );
    CREATE INDEX purchase_invoices_date_idx ON purchase_invoices(organisation_id, issue_date);
    CREATE INDEX purchase_invoices_created_by_idx ON purchase_invoices(created_by);
    CREATE INDEX purchase_invoices_establishment_idx ON purchase_invoices(establishment_id);

    CREATE TABLE purchase_invoice_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_id uuid NOT NULL REFERENCES purchase_invoices(id) ON DELETE CASCADE,
      organisation_id uuid NOT NULL,
      position integer NOT NULL,
      line_id text NOT NULL,
      supplier_article_id text,
      description text NOT NULL,
      quantity numeric(18, 6) NOT NULL,
      unit_code text NOT NULL,
      unit_price numeric(18, 6) NOT NULL,
      line_total numeric(14, 2) NOT NULL,
      vat_rate numeric(6, 3),
      base_amount numeric(18, 6) NOT NULL,
      base_unit text NOT NULL CONSTRAINT purchase_invoice_lines_base_unit_check CHECK (base_unit IN ('kg', 'l', 'unité')),
      product_id uuid,
      match text CONSTRAINT purchase_invoice_lines_match_check CHECK (match IN ('learned', 'suggested')),
      CONSTRAINT purchase_invoice_lines_position_key UNIQUE (invoice_id, position),
      CONSTRAINT purchase_invoice_lines_invoice_fkey FOREIGN KEY (invoice_id, organisation_id)
        REFERENCES purchase_invoices(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT purchase_invoice_lines_product_fkey FOREIGN KEY (product_id, organisation_id)
        REFERENCES products(id, organisation_id) ON DELETE SET NULL (product_id)
    );
    CREATE INDEX purchase_invoice_lines_product_idx ON purchase_invoice_lines(product_id);

    CREATE TABLE supplier_article_products (
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      supplier_key text NOT NULL,
      article_key text NOT NULL,
      product_id uuid NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organisation_id, supplier_key, article_key),
      CONSTRAINT supplier_article_products_product_fkey FOREIGN KEY (product_id, organisation_id)
        REFERENCES products(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX supplier_article_products_product_idx ON supplier_article_products(product_id);

    CREATE TABLE product_prices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL,
      product_id uuid NOT NULL,
      date date NOT NULL,
      amount numeric(14, 4) NOT NULL CONSTRAINT product_prices_amount_check CHECK (amount > 0),
      per text NOT NULL CONSTRAINT product_prices_per_check CHECK (per IN ('kg', 'l', 'unité')),
      source text NOT NULL CONSTRAINT product_prices_source_check CHECK (source IN ('invoice', 'manual')),
      invoice_id uuid REFERENCES purchase_invoices(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT product_prices_product_fkey FOREIGN KEY (product_id, organisation_id)
        REFERENCES products(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX product_prices_product_idx ON product_prices(product_id, date DESC, created_at DESC);
    CREATE INDEX product_prices_organisation_idx ON product_prices(organisation_id, date);
    CREATE INDEX product_prices_invoice_idx ON product_prices(invoice_id);
    INSERT INTO product_prices (organisation_id, product_id, date, amount, per, source)
      SELECT organisation_id, id, (updated_at AT TIME ZONE 'Europe/Paris')::date, price, price_per, 'manual'
      FROM products WHERE price IS NOT NULL AND price > 0 AND price_per IS NOT NULL;

    CREATE TABLE recipe_cost_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL,
      recipe_id uuid NOT NULL,
      invoice_id uuid NOT NULL REFERENCES purchase_invoices(id) ON DELETE CASCADE,
      date date NOT NULL,
      cost_before numeric(14, 4),
      cost_after numeric(14, 4),
      CONSTRAINT recipe_cost_changes_recipe_fkey FOREIGN KEY (recipe_id, organisation_id)
        REFERENCES recipes(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX recipe_cost_changes_organisation_idx ON recipe_cost_changes(organisation_id, date);
    CREATE INDEX recipe_cost_changes_recipe_idx ON recipe_cost_changes(recipe_id);
    CREATE INDEX recipe_cost_changes_invoice_idx ON recipe_cost_changes(invoice_id);

    CREATE TABLE purchase_settings (
      organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
      food_cost_target numeric(5, 2) NOT NULL DEFAULT 30
        CONSTRAINT purchase_settings_food_cost_target_check CHECK (food_cost_target > 0 AND food_cost_target <= 100),
      version integer NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE sales_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      file_hash text NOT NULL,
      format text NOT NULL,
      rows integer NOT NULL,
      first_date date NOT NULL,
      last_date date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT sales_imports_id_organisation_key UNIQUE (id, organisation_id),
      CONSTRAINT sales_imports_file_key UNIQUE (organisation_id, file_hash)
    );
    CREATE INDEX sales_imports_created_by_idx ON sales_imports(created_by);

    CREATE TABLE sales (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL,
      import_id uuid NOT NULL,
      date date NOT NULL,
      item_name text NOT NULL,
      item_code text,
      quantity numeric(12, 3) NOT NULL,
      amount_ttc numeric(14, 2),
      menu_item_id uuid REFERENCES menu_items(id) ON DELETE SET NULL,
      CONSTRAINT sales_import_fkey FOREIGN KEY (import_id, organisation_id)
        REFERENCES sales_imports(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX sales_organisation_date_idx ON sales(organisation_id, date);
    CREATE INDEX sales_import_idx ON sales(import_id);
    CREATE INDEX sales_menu_item_idx ON sales(menu_item_id, date);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS sales;
    DROP TABLE IF EXISTS sales_imports;
    DROP TABLE IF EXISTS purchase_settings;
    DROP TABLE IF EXISTS recipe_cost_changes;
    DROP TABLE IF EXISTS product_prices;
    DROP TABLE IF EXISTS supplier_article_products;
    DROP TABLE IF EXISTS purchase_invoice_lines;
    DROP TABLE IF EXISTS purchase_invoices;
    ALTER TABLE products DROP COLUMN IF EXISTS price_source, DROP CONSTRAINT IF EXISTS products_id_organisation_key;
  `.execute(db);
}
