// What the documents' write path adds to the metadata of a status event that opens an approval round: the
// timing rules of the round's levels from the manual in force (`approvalTimers`), so the round keeps them
// whatever the manual becomes later (as it keeps its levels). Nothing for any other event.
import type { AuthorityManualView, WorkflowStatusChanged } from '@binaan/contracts';
import type { JsonValue } from '@binaan/event-store';
import { timerRulesOf } from './due-times.js';

export function roundTimersMetadata(event: WorkflowStatusChanged, manual: AuthorityManualView | undefined): { approvalTimers?: JsonValue } {
  if (event.requiredLevels === null || !manual) return {};
  const rules = timerRulesOf(manual.levels, event.requiredLevels);
  return rules.length === 0 ? {} : { approvalTimers: rules };
}
