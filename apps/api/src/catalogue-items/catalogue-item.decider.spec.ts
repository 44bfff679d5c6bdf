// Given an item's events, when a change is decided, then these events or this refusal.
import { describe, expect, it } from '@jest/globals';
import type { HttpException } from '@nestjs/common';
import {
  decideAdd,
  decideEdit,
  decideRestore,
  decideRetire,
  evolveCatalogueItem,
  type CatalogueItemState,
} from './catalogue-item.decider.js';
import type { CatalogueItemEvent } from './catalogue-item.events.js';

const AT = '2026-03-02T01:00:00.000Z';
const fold = (events: CatalogueItemEvent[]) =>
  events.reduce<CatalogueItemState | null>((state, event, revision) => evolveCatalogueItem(state, event, revision, AT), null)!;
const added = decideAdd('item-1', 'teguh-bina', {
  kind: 'product',
  code: ' SD-1 ',
  name: 'River  sand',
  unit: 'tonne',
  unitPrice: '45',
  reason: 'Used often',
});
const refusedWith = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    const reply = (error as HttpException).getResponse() as { errorCode: string; extra: { fields?: Record<string, string[]> } };
    return { status: (error as HttpException).getStatus(), code: reply.errorCode, fields: reply.extra.fields };
  }
  throw new Error('not refused');
};

describe('a catalogue item decided', () => {
  it('when added, then its values trimmed, the price canonical, fields of other kinds empty', () => {
    expect(added).toEqual({
      type: 'CatalogueItemAdded',
      data: {
        itemId: 'item-1',
        companyId: 'teguh-bina',
        kind: 'product',
        reason: 'Used often',
        values: {
          code: 'SD-1',
          name: 'River sand',
          description: '',
          unit: 'tonne',
          unitPrice: '45.00',
          brandModel: '',
          colour: '',
          size: '',
          manufacturer: '',
          tradeCategory: '',
        },
      },
    });
  });

  it('when edited, then only the fields that changed; nothing when nothing did; the kind never changes', () => {
    const state = fold([added]);
    expect(decideEdit(state, { code: 'SD-1', name: 'River sand', unit: 'tonne', unitPrice: '48.5', reason: 'New prices' })).toEqual([
      { type: 'CatalogueItemEdited', data: { itemId: 'item-1', changes: { unitPrice: '48.50' }, reason: 'New prices' } },
    ]);
    expect(decideEdit(state, { code: 'SD-1', name: 'River sand', unit: 'tonne', unitPrice: '45.00' })).toEqual([]);
    expect(refusedWith(() => decideEdit(state, { kind: 'trade', name: 'River sand' }))).toEqual({
      status: 400,
      code: 'validationFailed',
      fields: { kind: ['notChangeable'] },
    });
  });

  it('when retired without a reason, then 422; retired, then editing and retiring again are refused and restoring is allowed', () => {
    const state = fold([added]);
    expect(refusedWith(() => decideRetire(state, { reason: ' ' }))).toMatchObject({ status: 422, code: 'remarkRequired' });
    const retired = fold([added, decideRetire(state, { reason: 'No longer sold' })]);
    expect(retired.retired).toBe(true);
    expect(refusedWith(() => decideRetire(retired, { reason: 'again' }))).toMatchObject({ status: 409, code: 'catalogueItemRetired' });
    expect(refusedWith(() => decideEdit(retired, { name: 'x', code: 'y' }))).toMatchObject({ status: 409, code: 'catalogueItemRetired' });
    expect(refusedWith(() => decideRestore(state, { reason: 'x' }))).toMatchObject({ status: 409, code: 'catalogueItemNotRetired' });
    expect(decideRestore(retired, { reason: 'Back in stock' })).toEqual({
      type: 'CatalogueItemRestored',
      data: { itemId: 'item-1', reason: 'Back in stock' },
    });
  });
});
