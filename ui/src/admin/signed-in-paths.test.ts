import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSignedInPath } from './signed-in-paths.js';

/** A concrete path for a route pattern: each parameter and splat filled with a sample value. */
const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x1').replace(/\*$/, 'tail');

describe('signed-in paths', () => {
  it('knows every route AdminApp.tsx mounts, so none of them shows an anonymous visitor the catch-all page', () => {
    const source = readFileSync(new URL('./AdminApp.tsx', import.meta.url), 'utf8');
    const paths = [...source.matchAll(/path="([^"]+)"/g)].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((path) => !isSignedInPath(sample(path)))).toEqual([]);
  });

  it('knows the document pages, the modules and the notification targets', () => {
    for (const path of [
      '/purchaseOrder',
      '/purchaseOrder/create',
      '/deliveryOrder/abc/show',
      '/article',
      '/article/view/7',
      '/my-approvals',
      '/organizer/events/3',
      '/trade-and-service/bq',
      '/seller-delivery-order/all/pending',
      '/tender/all/material/active',
      '/dashboard',
      '/select-company',
      '/project/demand/active',
    ]) {
      expect([path, isSignedInPath(path)]).toEqual([path, true]);
    }
  });

  it('does not claim paths of neither area', () => {
    for (const path of [
      '/no-such-page',
      '/purchase',
      '/purchaseOrders',
      '/auth/unknown',
      '/article-old',
      '/administration/nothing-here',
      '/a/b/c',
    ]) {
      expect([path, isSignedInPath(path)]).toEqual([path, false]);
    }
  });
});
