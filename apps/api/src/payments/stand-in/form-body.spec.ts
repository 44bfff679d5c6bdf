import { describe, expect, it } from '@jest/globals';
import { nestedForm } from './form-body.js';

describe('Stripe form bodies', () => {
  it('reads bracketed keys into objects and arrays', () => {
    const body =
      'mode=payment&payment_method_types[0]=card&payment_method_types[1]=fpx&metadata[billingId]=INV-000001' +
      '&line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=318000&line_items[0][price_data][currency]=myr&success_url=http%3A%2F%2Fx%2F%3Fa%3D1';
    expect(nestedForm(body)).toEqual({
      mode: 'payment',
      payment_method_types: ['card', 'fpx'],
      metadata: { billingId: 'INV-000001' },
      line_items: [{ quantity: '1', price_data: { unit_amount: '318000', currency: 'myr' } }],
      success_url: 'http://x/?a=1',
    });
  });
});
