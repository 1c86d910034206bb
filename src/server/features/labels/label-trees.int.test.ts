import { describe, expect, it } from 'vitest';
import { labelMessages } from '../../../shared/api/labels.ts';
import { MAX_LABEL_INGREDIENTS } from '../../../shared/labels/ingredient-list.ts';
import { usePremiumOwner } from '../../test/premium-owner.ts';

// A tree of sub-recipes a label must survive (docs/product/labels.md « Limits »): one sub-recipe
// on every line of every level, two recipes a level each using both below.
// Ciqual 2025: 9410 wheat flour T110, 16400 butter, 22000 egg.

const { send, recipe, app } = usePremiumOwner();

describe('a tree of sub-recipes', () => {
  it('reads a sub-recipe used on every line of every level once: the label is its one compound', async () => {
    // 100 lines of the same sub-recipe, three levels down: a walk of every path reads 10⁶ of them.
    let id = await recipe('Fond', [{ code: '9410', quantity: 100, unit: 'g' }]);
    for (const name of ['Pâte', 'Tourte', 'Pithivier'])
      id = await recipe(
        name,
        Array.from({ length: 100 }, () => ({ recipeId: id, quantity: 10, unit: 'g' })),
      );
    const res = await send('GET', `/api/recipes/${id}/label?date=2026-09-07`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.ingredientsText).toBe('tourte (pâte (fond (farine de blé tendre ou froment T110)))');
  }, 20_000);

  it('refuses a list that would name more ingredients than any label holds, next to the ingredients', async () => {
    // Two recipes a level, each using both of the level below: 2¹⁴ mentions at the top.
    let [a, b] = [
      await recipe('A', [{ code: '9410', quantity: 100, unit: 'g' }]),
      await recipe('B', [{ code: '16400', quantity: 100, unit: 'g' }]),
    ];
    for (let level = 0; level < 13; level++) {
      const lines = [
        { recipeId: a, quantity: 100, unit: 'g' },
        { recipeId: b, quantity: 90, unit: 'g' },
      ];
      [a, b] = [await recipe(`A${level}`, lines), await recipe(`B${level}`, lines)];
    }
    for (const path of [`/api/recipes/${a}/label`, `/api/recipes/${a}/label.pdf`]) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(422);
      expect(res.body.error.fields.ingredients).toBe(labelMessages.tooManyIngredients(MAX_LABEL_INGREDIENTS));
    }
    const put = await send('PUT', `/api/recipes/${a}/label`, { shelfLifeDays: 2 });
    expect(put.status).toBe(422);
    expect(put.body.error.fields.ingredients).toBe(labelMessages.tooManyIngredients(MAX_LABEL_INGREDIENTS));
    expect(await app().db.selectFrom('recipe_labels').select('recipe_id').where('recipe_id', '=', a).execute()).toEqual(
      [],
    );
  }, 30_000);
});
