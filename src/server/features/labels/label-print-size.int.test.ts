import { describe, expect, it } from 'vitest';
import { labelMessages, MAX_LABELS_PER_PDF } from '../../../shared/api/labels.ts';
import { usePremiumOwner } from '../../test/premium-owner.ts';

// How many labels one PDF may hold (docs/product/labels.md « Limits »).
// Ciqual 2025: 9410 wheat flour T110, 16400 butter, 22000 egg.

const { send, recipe } = usePremiumOwner();

describe('the size of a print', () => {
  it(`prints at most ${MAX_LABELS_PER_PDF} labels in one PDF: copies × dishes beyond is a 422 next to copies`, async () => {
    const ids = [
      await recipe('Quiche', [{ code: '22000', quantity: 200, unit: 'g' }]),
      await recipe('Tarte', [{ code: '9410', quantity: 200, unit: 'g' }]),
    ];
    const menu = (await send('POST', '/api/menus', { name: 'Boxes' })).body.id;
    const section = (await send('POST', `/api/menus/${menu}/sections`, { name: 'Boxes' })).body.id;
    for (const recipeId of ids) await send('POST', `/api/sections/${section}/items`, { recipeId });
    const over = await send('GET', `/api/menus/${menu}/labels.pdf?format=roll-58&copies=${MAX_LABELS_PER_PDF / 2 + 1}`);
    expect(over.status).toBe(422);
    expect(over.body.error.fields.copies).toBe(labelMessages.tooManyLabels(MAX_LABELS_PER_PDF, MAX_LABELS_PER_PDF + 2));
    const [establishment] = (await send('GET', '/api/establishments')).body.establishments;
    await send('PUT', `/api/meal-plans/${establishment.id}/2026-09-07/dejeuner`, {
      components: ids.map((recipeId, i) => ({ slot: i === 0 ? 'entree' : 'plat', recipeId })),
    });
    const temoins = await send(
      'GET',
      `/api/meal-plans/${establishment.id}/temoins.pdf?date=2026-09-07&format=roll-58&copies=${MAX_LABELS_PER_PDF}`,
    );
    expect(temoins.status).toBe(422);
    expect(temoins.body.error.fields.copies).toBeTruthy();
    const fits = await send('GET', `/api/menus/${menu}/labels.pdf?format=roll-58&copies=${MAX_LABELS_PER_PDF / 2}`);
    expect(fits.status).toBe(200);
  }, 60_000);
});
