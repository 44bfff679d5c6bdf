import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.js';

describe('the name of a downloaded file', () => {
  it('is the quoted name the api gives', () => {
    expect(fileNameOf('attachment; filename="buyer-report-2026-03-01-2026-03-10.xlsx"', 'x.xlsx')).toBe(
      'buyer-report-2026-03-01-2026-03-10.xlsx',
    );
  });

  it('is a bare name too', () => {
    expect(fileNameOf('attachment; filename=orders.csv', 'x.csv')).toBe('orders.csv');
  });

  it('prefers the UTF-8 name over the plain one', () => {
    expect(fileNameOf(`attachment; filename="report.csv"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.csv`, 'x.csv')).toBe('报告.csv');
  });

  it('falls back when the reply names none', () => {
    expect(fileNameOf(null, 'seller-orders.csv')).toBe('seller-orders.csv');
    expect(fileNameOf('attachment', 'seller-orders.csv')).toBe('seller-orders.csv');
  });
});
