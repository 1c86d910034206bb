import { sql, type Kysely } from 'kysely';

/**
 * Photos of recipes and menu items (docs/decisions/0017-photos.md):
 * - `photos`: one row per distinct uploaded file, named by its hash; `photo_variants`: its
 *   WebP copies, with their bytes, or NULL bytes when they are in the S3 bucket.
 * - `recipes.photo_id`, `menu_items.photo_id`: the photo shown (an item without its own shows
 *   its recipe's). Two rows may show the same file: it is stored once.
 * - `release_photo(id)`: when a recipe or item stops showing a photo (deleted, its photo
 *   replaced or removed, or gone with its menu, section or account), the photo is deleted in
 *   the same transaction if nothing else shows it; the bucket keys of its copies go to
 *   `photo_orphans`, deleted from the bucket once the transaction committed
 *   (src/server/domain/photos/orphans.ts). The photo row is locked first, as an upload
 *   attaching the same file locks it (src/server/domain/photos/attach.ts): one waits for the
 *   other, and each statement after the lock sees what the other committed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE photos (
      id text PRIMARY KEY CONSTRAINT photos_id_check CHECK (id ~ '^[0-9a-f]{32}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE photo_variants (
      photo_id text NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
      width integer NOT NULL CONSTRAINT photo_variants_width_check CHECK (width BETWEEN 1 AND 16383),
      height integer NOT NULL CONSTRAINT photo_variants_height_check CHECK (height BETWEEN 1 AND 16383),
      byte_size integer NOT NULL CONSTRAINT photo_variants_byte_size_check CHECK (byte_size > 0),
      bytes bytea,
      PRIMARY KEY (photo_id, width),
      CONSTRAINT photo_variants_size_matches CHECK (bytes IS NULL OR length(bytes) = byte_size)
    );
    CREATE TABLE photo_orphans (
      object_key text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE recipes ADD COLUMN photo_id text REFERENCES photos(id);
    ALTER TABLE menu_items ADD COLUMN photo_id text REFERENCES photos(id);
    CREATE INDEX recipes_photo_id_idx ON recipes(photo_id) WHERE photo_id IS NOT NULL;
    CREATE INDEX menu_items_photo_id_idx ON menu_items(photo_id) WHERE photo_id IS NOT NULL;

    CREATE FUNCTION release_photo(photo text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM photos WHERE id = photo FOR UPDATE;
      IF NOT FOUND
        OR EXISTS (SELECT 1 FROM recipes WHERE photo_id = photo)
        OR EXISTS (SELECT 1 FROM menu_items WHERE photo_id = photo) THEN
        RETURN;
      END IF;
      INSERT INTO photo_orphans (object_key)
        SELECT 'photos/' || photo_id || '-' || width || '.webp' FROM photo_variants WHERE photo_id = photo AND bytes IS NULL
        ON CONFLICT DO NOTHING;
      DELETE FROM photos WHERE id = photo;
    END $$;

    CREATE FUNCTION photo_holder_released() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM release_photo(OLD.photo_id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER recipes_photo_released AFTER DELETE OR UPDATE OF photo_id ON recipes
      FOR EACH ROW WHEN (OLD.photo_id IS NOT NULL) EXECUTE FUNCTION photo_holder_released();
    CREATE TRIGGER menu_items_photo_released AFTER DELETE OR UPDATE OF photo_id ON menu_items
      FOR EACH ROW WHEN (OLD.photo_id IS NOT NULL) EXECUTE FUNCTION photo_holder_released();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS menu_items_photo_released ON menu_items;
    DROP TRIGGER IF EXISTS recipes_photo_released ON recipes;
    DROP FUNCTION IF EXISTS photo_holder_released();
    DROP FUNCTION IF EXISTS release_photo(text);
    ALTER TABLE menu_items DROP COLUMN IF EXISTS photo_id;
    ALTER TABLE recipes DROP COLUMN IF EXISTS photo_id;
    DROP TABLE IF EXISTS photo_orphans, photo_variants, photos;
  `.execute(db);
}
