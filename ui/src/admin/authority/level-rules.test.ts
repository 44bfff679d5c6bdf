import { describe, expect, it } from 'vitest';
import { emptyLevel, levelBody, levelDraft, levelErrorKey, levelFieldErrors, withoutLastLevel } from './level-rules.js';

describe('a manual level in the editor', () => {
  it('sends the plain case as the limit alone', () => {
    expect(levelBody(emptyLevel(20))).toEqual({ level: 20, limit: null });
    expect(levelBody(levelDraft({ level: 21, limit: '100000.00', quorum: 'any', rejectRule: 'one' }))).toEqual({
      level: 21,
      limit: '100000.00',
    });
  });

  it('sends each rule that is set, and reads a saved level back as it was', () => {
    const saved = {
      level: 20 as const,
      limit: '10000.00',
      quorum: 2,
      rejectRule: 'majority' as const,
      responseHours: 24,
      escalateAfterHours: 8,
      escalateTo: { to: 'user' as const, userId: 'aminah' },
    };
    expect(levelBody(levelDraft(saved))).toEqual(saved);
    expect(levelBody({ ...emptyLevel(20), quorum: 'all', escalateTo: 'nextLevel', responseHours: ' 48 ' })).toEqual({
      level: 20,
      limit: null,
      quorum: 'all',
      responseHours: 48,
      escalateTo: { to: 'nextLevel' },
    });
  });

  it('sends what is not a whole number as typed, for the api to refuse on its field', () => {
    expect(levelBody({ ...emptyLevel(20), quorum: 'count', quorumCount: 'two', responseHours: '1.5' })).toMatchObject({
      quorum: 'two',
      responseHours: '1.5',
    });
  });

  it('drops an escalation to the next level from the level that becomes the last', () => {
    const levels = [
      { ...emptyLevel(20), escalateTo: 'nextLevel' as const },
      { ...emptyLevel(21), escalateTo: 'nextLevel' as const },
      emptyLevel(22),
    ];
    expect(withoutLastLevel(levels).map((l) => l.escalateTo)).toEqual(['nextLevel', 'nobody']);
  });

  it("places the api's field errors on their level and says which rule a response time broke", () => {
    const errors = levelFieldErrors({ 'levels[1].quorum': ['x'], 'levels[1].responseHours': ['y'], label: ['z'] });
    expect([...errors.entries()].map(([i, f]) => [i, [...f]])).toEqual([[1, ['quorum', 'responseHours']]]);
    expect(levelErrorKey('responseHours', { ...emptyLevel(20), escalateTo: 'nextLevel' })).toBe(
      'authority.manualRules.errors.responseHoursNeeded',
    );
    expect(levelErrorKey('responseHours', { ...emptyLevel(20), responseHours: '0' })).toBe('authority.manualRules.errors.responseHours');
  });
});
