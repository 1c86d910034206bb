import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NBSP } from '../../../shared/typography.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

// Names a label's font cannot print, and names that are HTML (docs/product/labels.md « Limits »).
// Ciqual 2025: 22000 egg.

let t: TestApp;
let owner: SignedUpUser;

const send = async (method: string, path: string, body?: unknown) =>
  t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

describe('characters on a label', () => {
  it('warns of characters the printed label cannot write, and escapes HTML in the list', async () => {
    const product = await send('POST', '/api/products', {
      name: 'Bouillon <b>Phở</b>',
      allergens: [],
      traces: [],
      labelIngredients: 'eau, badiane 🌟, <img src=x onerror=alert(1)>',
    });
    expect(product.status, product.text).toBe(201);
    const recipe = await send('POST', '/api/recipes', {
      name: 'Soupe 中',
      servings: 2,
      ingredients: [
        { productId: product.body.id, quantity: 300, unit: 'g' },
        { code: '22000', quantity: 100, unit: 'g' },
      ],
      allergens: ['Œufs'],
      allergensDeclared: true,
    });
    const res = await send('GET', `/api/recipes/${recipe.body.id}/label`);
    expect(res.status).toBe(200);
    const warning = res.body.warnings.find((w: { code: string }) => w.code === 'unprintable_characters');
    expect(warning?.message).toContain(['中', 'ở', '🌟'].map((c) => `«${NBSP}${c}${NBSP}»`).join(', '));
    expect(res.body.ingredientsHtml).toContain('bouillon &lt;b&gt;Phở&lt;/b&gt;');
    expect(res.body.ingredientsHtml).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body.ingredientsHtml).not.toMatch(/<(?!\/?strong>)/);
  });
});
