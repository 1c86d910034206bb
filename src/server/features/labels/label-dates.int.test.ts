import { describe, expect, it } from 'vitest';
import { labelMessages } from '../../../shared/api/labels.ts';
import { usePremiumOwner } from '../../test/premium-owner.ts';

// Dates a label can print (docs/product/labels.md « Limits »).
// Ciqual 2025: 9410 wheat flour T110, 16400 butter, 22000 egg.

const { send, recipe } = usePremiumOwner();

describe('dates', () => {
  it('refuses a production or service date outside 2000–2099, where a label date would be wrong', async () => {
    const id = await recipe('Flan', [{ code: '22000', quantity: 200, unit: 'g' }]);
    const [establishment] = (await send('GET', '/api/establishments')).body.establishments;
    for (const date of ['0001-01-01', '0099-12-31', '1999-12-31', '2100-01-01', '9999-12-31']) {
      for (const path of [
        `/api/recipes/${id}/label?date=${date}`,
        `/api/recipes/${id}/label.pdf?date=${date}`,
        `/api/meal-plans/${establishment.id}/temoins?date=${date}`,
      ]) {
        const res = await send('GET', path);
        expect(res.status, path).toBe(422);
        expect(res.body.error.fields.date, path).toBe(labelMessages.date);
      }
    }
    const last = await send('GET', `/api/recipes/${id}/label?date=2099-12-31&shelfLifeDays=3`);
    expect(last.status).toBe(200);
    expect(last.body.useBy).toBe('2100-01-03');
  });
});
