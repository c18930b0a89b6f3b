/** Prices typed the Danish way, and the words of the money lists. */
import { describe, expect, it } from 'vitest';
import { adminMoneyMessages, priceBody } from '@/shared/money-admin';
import { invoiceCount, invoiceName, kronerText, orderCount, parseKroner } from './format';

describe('parseKroner', () => {
  it('reads kroner with a comma for øre, points or spaces between thousands, and "kr."', () => {
    expect(parseKroner('599,00')).toEqual({ ore: 59_900 });
    expect(parseKroner(' 599 ')).toEqual({ ore: 59_900 });
    expect(parseKroner('1.499,00')).toEqual({ ore: 149_900 });
    expect(parseKroner('1 499,5')).toEqual({ ore: 149_950 });
    expect(parseKroner('1.499')).toEqual({ ore: 149_900 });
    expect(parseKroner('599.95')).toEqual({ ore: 59_995 });
    expect(parseKroner('49,95 kr.')).toEqual({ ore: 4995 });
    expect(parseKroner('100.000,00')).toEqual({ ore: 10_000_000 });
  });

  it('answers with the contract message for what is not a price or out of bounds', () => {
    for (const typed of ['', 'gratis', '599,999', '-5', '1.49.00', '12.34.567', '0,99', '100.000,01', '1,2,3'])
      expect(parseKroner(typed), typed).toEqual({ error: adminMoneyMessages.price });
  });

  it('gives back what kronerText wrote, and only what the server accepts', () => {
    for (const ore of [100, 4995, 59_900, 149_900, 10_000_000]) {
      expect(parseKroner(kronerText(ore))).toEqual({ ore });
      expect(priceBody.safeParse({ priceOre: ore }).success).toBe(true);
    }
    expect(kronerText(149_900)).toBe('1499,00');
  });
});

describe('the words of the lists', () => {
  it('counts orders and invoices', () => {
    expect(orderCount(1)).toBe('1 ordre');
    expect(orderCount(1200)).toBe('1.200 ordrer');
    expect(invoiceCount(0)).toBe('0 fakturaer');
    expect(invoiceCount(1)).toBe('1 faktura');
  });

  it('names an invoice by its kind and number', () => {
    expect(invoiceName({ kind: 'invoice', number: 1042 })).toBe('Faktura 1042');
    expect(invoiceName({ kind: 'credit_note', number: 1043 })).toBe('Kreditnota 1043');
  });
});
