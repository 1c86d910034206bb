import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { calmScreenshot, expectToast, LAPTOP, PHONE, seedMenu, signUp } from './fixtures.ts';

/**
 * Photos (docs/product/api.md « Photos », docs/decisions/0017-photos.md): an owner gives a recipe and a menu item a
 * photo in the forms, sees it on the recipe card and in the menu editor, and a diner's phone
 * shows it on the public menu, lazy-loaded from its srcset.
 */

/** A 1600 × 1200 JPEG: a warm gradient with a pale plate in the middle. */
async function dishPhoto(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${hue + 40},80%,30%)"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/><circle cx="800" cy="600" r="420" fill="#f5f0e6"/><circle cx="800" cy="600" r="250" fill="hsl(${hue + 20},60%,55%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const file = async (name: string, hue: number) => ({ name, mimeType: 'image/jpeg', buffer: await dishPhoto(hue) });

async function openRecipeForm(page: Page, name: string) {
  await page.goto('/recipes');
  await page.getByTestId('recipe-card').filter({ hasText: name }).getByRole('button', { name: 'Modifier' }).click();
  return page.getByRole('form', { name: 'Modifier la recette' });
}

for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`photos at ${viewport.width} px`, () => {
    test.use({ viewport, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

    test('a recipe photo on the card and on the public menu; an item photo in the editor; a broken file refused in French', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await signUp(page);
      const menuId = await seedMenu(page, baseURL!);

      // A text file named like a photo: the server reads the bytes and refuses it, nothing changes.
      const form = await openRecipeForm(page, 'Purée');
      const input = form.getByLabel('Photo de la recette');
      await input.setInputFiles({
        name: 'plat.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Ceci est un menu, pas une photo.'),
      });
      await expect(form.getByRole('alert')).toHaveText(
        'Ce fichier n’est pas une image lisible. Choisissez une photo JPEG, PNG ou WebP.',
      );
      await expect(form.getByTestId('photo-preview')).toHaveCount(0);

      await input.setInputFiles(await file('puree.jpg', 30));
      await expectToast(page, 'Photo enregistrée');
      await expect(form.getByTestId('photo-preview')).toHaveAttribute('src', /^\/photos\/[0-9a-f]{32}-320\.webp$/);
      await calmScreenshot(page, `photo-recipe-form-${viewport.width}`);
      await form.getByRole('button', { name: 'Annuler' }).click();

      const card = page.getByTestId('recipe-card').filter({ hasText: 'Purée' });
      const thumbnail = card.getByTestId('recipe-photo');
      await expect(thumbnail).toHaveAttribute('alt', 'Purée');
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(320);
      await calmScreenshot(page, `photo-recipe-card-${viewport.width}`);

      // The diner's page, without a session: the photo, lazy, with its srcset and reserved size.
      const diner = await page
        .context()
        .browser()!
        .newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
      const phone = await diner.newPage();
      await phone.goto(`${baseURL}/menu/${menuId}`);
      const photo = phone.getByRole('img', { name: 'Purée' });
      await expect(photo).toHaveAttribute('loading', 'lazy');
      await expect(photo).toHaveAttribute('srcset', /-320\.webp 320w, .*-640\.webp 640w, .*-1024\.webp 1024w$/);
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(
        await photo.evaluate((img: HTMLImageElement) => [
          img.getBoundingClientRect().width,
          img.getBoundingClientRect().height,
        ]),
      ).toEqual([96, 96]);
      await phone.screenshot({
        path: `test-results/screenshots/photo-public-menu-360-from-${viewport.width}.png`,
        fullPage: true,
      });
      await diner.close();

      // The item gets its own photo in the menu editor; the editor shows it.
      await page.goto(`/menus/${menuId}`);
      const item = page.getByTestId('menu-item').filter({ hasText: 'Purée' });
      await expect(item.getByTestId('item-photo')).toHaveAttribute('src', /-320\.webp$/);
      const recipeThumb = await item.getByTestId('item-photo').getAttribute('src');
      await item.getByRole('button', { name: 'Modifier' }).click();
      const itemForm = page.getByRole('form', { name: 'Modifier l’élément Purée' });
      await expect(itemForm).toContainText('Sans photo ici, la carte montre celle de la recette.');
      await itemForm.getByLabel('Photo de l’élément Purée').setInputFiles(await file('assiette.jpg', 200));
      await expectToast(page, 'Photo enregistrée');
      await calmScreenshot(page, `photo-item-form-${viewport.width}`);
      await itemForm.getByRole('button', { name: 'Annuler' }).click();
      await expect(item.getByTestId('item-photo')).not.toHaveAttribute('src', recipeThumb!);

      // Removing it asks first, and the recipe's photo is shown again.
      await item.getByRole('button', { name: 'Modifier' }).click();
      await itemForm.getByRole('button', { name: 'Retirer la photo' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer' }).click();
      await expectToast(page, 'Photo retirée');
      await itemForm.getByRole('button', { name: 'Annuler' }).click();
      await expect(item.getByTestId('item-photo')).toHaveAttribute('src', recipeThumb!);
    });
  });
}
