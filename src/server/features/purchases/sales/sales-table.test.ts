import { describe, expect, it } from 'vitest';
import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { readSalesTable, saleDate } from './sales-table.ts';

const csv = (text: string) => new TextEncoder().encode(text);

describe('a till’s sales file', () => {
  it('the generic format (docs/product/purchases.md): French numbers and dates, « ; »', async () => {
    const table = await readSalesTable(
      csv(
        'date;article;code;quantite;montant_ttc\n02/03/2026;Entrecôte frites;P12;14;336,00\n2026-03-03;Café;;30;66\n',
      ),
      'text/csv',
    );
    expect(table).toEqual({
      format: 'générique',
      rows: [
        { date: '2026-03-02', name: 'Entrecôte frites', code: 'P12', quantity: 14, amountTtc: 336 },
        { date: '2026-03-03', name: 'Café', code: null, quantity: 30, amountTtc: 66 },
      ],
    });
  });

  it('SumUp’s sales report columns (Datum, Beschreibung, Menge, Preis (brutto): ursjoss/lola-sumup src/prepare.rs)', async () => {
    const table = await readSalesTable(
      csv(
        'Datum,Typ,Transaktionsnummer,Zahlungsmethode,Menge,Beschreibung,Währung,Preis vor Rabatt,Rabatt,Preis (brutto),Preis (netto),Steuer,Steuersatz,Konto\n' +
          '"02.03.2026, 12:31",Verkauf,T1,Karte,2,Quiche lorraine,EUR,19.0,0.0,19.0,17.27,1.73,10%,x\n',
      ),
      'text/csv',
    );
    expect(table).toEqual({
      format: 'SumUp',
      rows: [{ date: '2026-03-02', name: 'Quiche lorraine', code: null, quantity: 2, amountTtc: 19 }],
    });
  });

  it('refuses a file without its columns, a bad date or quantity, next to its line', async () => {
    await expect(readSalesTable(csv('nom;prix\nQuiche;9\n'), 'text/csv')).rejects.toThrow(m.salesNoColumns);
    await expect(readSalesTable(csv('date;article;quantite\n31/02/2026;Quiche;2\n'), 'text/csv')).rejects.toThrow(
      m.salesRow(2, m.salesDate),
    );
    await expect(readSalesTable(csv('date;article;quantite\n01/02/2026;Quiche;deux\n'), 'text/csv')).rejects.toThrow(
      m.salesRow(2, m.salesQuantity),
    );
    await expect(readSalesTable(new Uint8Array(), 'text/csv')).rejects.toThrow(m.salesEmpty);
  });

  it('reads the days tills write', () => {
    expect(saleDate('2026-03-02 12:00:00')).toBe('2026-03-02');
    expect(saleDate('2.3.2026')).toBe('2026-03-02');
    expect(saleDate('2026-13-01')).toBeNull();
  });
});
