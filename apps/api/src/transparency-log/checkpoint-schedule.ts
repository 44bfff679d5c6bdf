// When a checkpoint is due: the tree grew by LOG_CHECKPOINT_EVENTS events, or LOG_CHECKPOINT_SECONDS passed
// since the last checkpoint (or since the signer started, before the first), and the tree grew by more than
// the checkpoints' own events (else an idle log would be signed again and again for its last checkpoint). Pure.

export type ScheduleInput = {
  treeSize: number;
  last: { treeSize: number; signedAt: string } | null;
  startedAt: number;
  now: number;
  everyEvents: number;
  everySeconds: number;
};

export function checkpointDue(input: ScheduleInput): boolean {
  const lastSize = input.last?.treeSize ?? 0;
  if (input.treeSize <= lastSize) return false;
  if (input.treeSize - lastSize >= input.everyEvents) return true;
  const since = input.last ? Date.parse(input.last.signedAt) : input.startedAt;
  return input.now - since >= input.everySeconds * 1000;
}
