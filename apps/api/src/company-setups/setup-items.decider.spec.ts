// The setup items' decider as a specification: given the kind's events, when a command, then events or a refusal.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import { decideAction, decideCreate, decideEdit, foldSetupKind } from './setup-items.decider.js';
import type { SetupItemEvent } from './setup-items.events.js';

const given = (kind: Parameters<typeof foldSetupKind>[0], events: SetupItemEvent[]) =>
  foldSetupKind(
    kind,
    events.map(
      (event, revision) =>
        ({ ...event, revision, metadata: { recordedAt: `2026-12-0${revision + 1}T00:00:00.000Z` } }) as unknown as StoredEvent,
    ),
  );
const input = (body: unknown) => ({
  body,
  reason: null,
  newQuestionId: (() => {
    let n = 0;
    return () => `new-${++n}`;
  })(),
});
const refusalOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    const reply = error as { getResponse(): { errorCode: string; extra: { fields?: Record<string, string[]> } }; getStatus(): number };
    return { status: reply.getStatus(), code: reply.getResponse().errorCode, fields: reply.getResponse().extra.fields };
  }
  throw new Error('not refused');
};

const regionCreated = (itemId: string, name: string): SetupItemEvent => ({
  type: 'SetupItemCreated',
  data: { itemId, kind: 'projectRegion', fields: { name, description: '' }, reason: null },
});

describe('setup items', () => {
  it('given a region Central, when another is named " central " (spaces, any case), then 409 itemNameExists on the name', () => {
    const state = given('projectRegion', [regionCreated('r1', 'Central')]);
    expect(refusalOf(() => decideCreate(state, 'r2', input({ name: '  CENTRAL ' })))).toEqual({
      status: 409,
      code: 'itemNameExists',
      fields: { name: ['itemNameExists'] },
    });
  });

  it('given a deactivated region, when a new one takes its name, then refused: a name stays taken while the item can come back', () => {
    const state = given('projectRegion', [
      regionCreated('r1', 'Central'),
      { type: 'SetupItemDeactivated', data: { itemId: 'r1', kind: 'projectRegion', reason: 'merged' } },
    ]);
    expect(state.items.get('r1')!.status).toBe('inactive');
    expect(refusalOf(() => decideCreate(state, 'r2', input({ name: 'Central' }))).code).toBe('itemNameExists');
    expect(decideAction(state, 'r1', 'Reactivate', null)).toEqual([
      { type: 'SetupItemReactivated', data: { itemId: 'r1', kind: 'projectRegion', reason: null } },
    ]);
    expect(refusalOf(() => decideAction(state, 'r1', 'Deactivate', null)).code).toBe('setupItemStatusUnchanged');
  });

  it('when a region is renamed to its own name in another case, then it is an edit (its own name is not "taken")', () => {
    const state = given('projectRegion', [regionCreated('r1', 'Central')]);
    expect(decideEdit(state, 'r1', input({ name: 'CENTRAL' }))).toEqual([
      {
        type: 'SetupItemEdited',
        data: { itemId: 'r1', kind: 'projectRegion', fields: { name: 'CENTRAL', description: '' }, reason: null },
      },
    ]);
    expect(decideEdit(state, 'r1', input({ name: 'Central', description: '' }))).toEqual([]);
    expect(refusalOf(() => decideEdit(state, 'r1', { ...input({ name: 'Middle' }), ifMatch: '"3"' })).code).toBe('wrongExpectedRevision');
  });

  it('when a questionnaire is created, then its questions are numbered in the order sent; the ids sent are kept, new ones made', () => {
    const state = given('questionnaire', []);
    const [event] = decideCreate(
      state,
      'q1',
      input({
        name: 'Appraisal',
        type: 'vendorAppraisal',
        minScore: 1,
        maxScore: 5,
        questions: [
          { id: 'keep', text: 'Quality', weight: 3 },
          { text: 'Programme', weight: 2 },
        ],
      }),
    );
    expect(event).toMatchObject({
      data: {
        fields: {
          questions: [
            { id: 'keep', sequence: 1, text: 'Quality', weight: 3 },
            { id: 'new-1', sequence: 2, text: 'Programme', weight: 2 },
          ],
        },
      },
    });
    expect(
      refusalOf(() =>
        decideCreate(
          state,
          'q2',
          input({ name: 'Bad', type: 'vendorAppraisal', minScore: 5, maxScore: 1, questions: [{ text: 'Q', weight: 1 }] }),
        ),
      ).fields,
    ).toEqual({ maxScore: ['minScoreNotBelowMax'] });
  });
});
