// How long each verify level kept a document waiting, from the status events alone. A round opens with the
// levels the amount needs (`requiredLevels`); the machine fills them lowest first (`nextMissingLevel`), so
// the lowest missing level waits from the round's opening or the previous level's approval until its own.
// Any other event that ends the round (Reject, Cancel, a new round) ends the wait with that outcome.

export type ApprovalWait = {
  level: number;
  since: string;
  until: string | null;
  outcome: 'approved' | 'rejected' | 'cancelled' | 'superseded' | null;
  /** The round's opening time: the same for every wait of one round, so a round's cycle reads from its waits. */
  round: string;
};

export type ApprovalRoundState = { required: number[]; filled: number[]; opened: string };

const nextLevel = (round: ApprovalRoundState): number | null =>
  round.required.filter((level) => !round.filled.includes(level)).sort((a, b) => a - b)[0] ?? null;

export function closeWaits(waits: readonly ApprovalWait[], at: string, outcome: Exclude<ApprovalWait['outcome'], null>): ApprovalWait[] {
  return waits.map((wait) => (wait.until === null ? { ...wait, until: at, outcome } : wait));
}

export function openRound(
  waits: readonly ApprovalWait[],
  required: readonly number[],
  at: string,
): { round: ApprovalRoundState | null; waits: ApprovalWait[] } {
  const round: ApprovalRoundState = { required: [...required], filled: [], opened: at };
  const level = nextLevel(round);
  if (level === null) return { round: null, waits: [...waits] };
  return { round, waits: [...waits, { level, since: at, until: null, outcome: null, round: at }] };
}

export function recordApproval(
  round: ApprovalRoundState,
  waits: readonly ApprovalWait[],
  level: number,
  at: string,
): { round: ApprovalRoundState | null; waits: ApprovalWait[] } {
  const closed = waits.map((wait) =>
    wait.until === null && wait.level === level ? { ...wait, until: at, outcome: 'approved' as const } : wait,
  );
  const after: ApprovalRoundState = { ...round, filled: [...round.filled, level] };
  const next = nextLevel(after);
  if (next === null) return { round: null, waits: closed };
  const stillOpen = closed.some((wait) => wait.until === null);
  return {
    round: after,
    waits: stillOpen ? closed : [...closed, { level: next, since: at, until: null, outcome: null, round: round.opened }],
  };
}
