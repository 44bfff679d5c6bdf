// The events of a project's progress plan, stream `progressPlanning-<projectId>` (one plan per project):
// planned dates and percent complete per BQ row (header or item), and the plan's approval.
import type { WorkflowStatusChanged } from '@binaan/contracts';

export type ProgressPlanEvent =
  | { type: 'ProgressPlanStarted'; data: { projectId: string; companyId: string } }
  | { type: 'WorkflowStatusChanged'; data: WorkflowStatusChanged<'progressPlanning'> }
  /** Planned dates of a BQ row (ISO dates; null: not planned). */
  | { type: 'ProgressPlanned'; data: { nodeId: string; plannedStart: string | null; plannedEnd: string | null } }
  /** Percent complete of a BQ row as reported (2 places, 0 to 100). */
  | { type: 'ProgressRecorded'; data: { nodeId: string; percentComplete: string } };

export const PROGRESS_STREAM_TYPE = 'progressPlanning';
export const progressStreamId = (projectId: string): string => `progressPlanning-${projectId}`;
