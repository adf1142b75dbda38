import { describe, expect, it } from 'vitest';
import { catalogueT as t } from '../../lib/test-helpers';
import { postBody } from '../../../test/fixtures';
import { formDataOf } from '@zura/contracts/form-data';
import { newPostFields } from './api';
import { dollarsToCents, isClosedForSale, saleCentsOf, saleFormFields } from './pay-per-view';
import { EMPTY_SALE } from './sale-form';
import { composerSchema } from './schemas';

const base = { id: 1, created_at: '2025-01-01T00:00:00Z' };

describe('a post for sale', () => {
  it('is closed while it names a price for the viewer', () => {
    const closed = postBody({ ...base, price: 7.5, price_for_viewer: 7.5, preview: '/media/x' });
    expect(isClosedForSale(closed)).toBe(true);
    expect(saleCentsOf(closed)).toBe(750);
    expect(isClosedForSale(postBody({ ...base, price: 7.5, price_for_viewer: null }))).toBe(false);
    expect(isClosedForSale(postBody(base))).toBe(false);
    // Floating-point dollars round to the cent.
    expect(saleCentsOf(postBody({ ...base, price_for_viewer: 19.99 }))).toBe(1999);
  });
});

describe('the composer price', () => {
  it('reads dollars as cents, refusing anything else', () => {
    expect(dollarsToCents('5')).toBe(500);
    expect(dollarsToCents(' 4.99 ')).toBe(499);
    expect(dollarsToCents('4.5')).toBe(450);
    for (const text of ['', 'abc', '-1', '1.234', '1e3', '.5']) {
      expect(dollarsToCents(text)).toBeUndefined();
    }
  });

  it('sends the price and the subscriber price in cents, and nothing when not for sale', () => {
    const sale = { forSale: true, price: '10', subscribers: 'full' as const, subscriberPrice: '' };
    expect(saleFormFields(sale)).toEqual({ price_cents: '1000' });
    expect(saleFormFields({ ...sale, subscribers: 'free' })).toEqual({
      price_cents: '1000',
      subscriber_price_cents: '0',
    });
    expect(saleFormFields({ ...sale, subscribers: 'discount', subscriberPrice: '2.50' })).toEqual({
      price_cents: '1000',
      subscriber_price_cents: '250',
    });
    expect(saleFormFields({ ...sale, forSale: false })).toEqual({});
    const form = formDataOf(
      newPostFields({
        content: 'x',
        isLocked: false,
        password: '',
        media: [],
        sale: { ...sale, subscribers: 'free' },
      }),
    );
    expect(form.get('price_cents')).toBe('1000');
    expect(form.get('subscriber_price_cents')).toBe('0');
  });

  it("applies the server's bounds", () => {
    const check = (values: Partial<typeof EMPTY_SALE>) => {
      const result = composerSchema(t).safeParse({
        content: 'x',
        is_locked: false,
        password: '',
        password_confirm: '',
        ...EMPTY_SALE,
        for_sale: true,
        ...values,
      });
      return result.success ? undefined : result.error.issues.map((issue) => issue.path[0]);
    };
    expect(check({ price: '5' })).toBeUndefined();
    expect(check({ price: '0.50' })).toEqual(['price']);
    expect(check({ price: '1000.01' })).toEqual(['price']);
    expect(check({ price: 'five' })).toEqual(['price']);
    expect(check({ price: '5', subscribers: 'free' })).toBeUndefined();
    expect(check({ price: '5', subscribers: 'discount', subscriber_price: '2' })).toBeUndefined();
    expect(check({ price: '5', subscribers: 'discount', subscriber_price: '5' })).toEqual([
      'subscriber_price',
    ]);
    expect(check({ price: '5', subscribers: 'discount', subscriber_price: '0.50' })).toEqual([
      'subscriber_price',
    ]);
    expect(check({ price: '', for_sale: false })).toBeUndefined();
  });
});
