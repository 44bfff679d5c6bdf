// The developer report's rows, one per stream: each project's progress plan (its BQ rows' planned dates and
// last recorded percent complete, as one JSON object of PlannedNode by node id) and each project's name,
// folded from the progress plans' and the projects' events, never from their tables.
import type { RowSource } from '../report-rows.js';
import type { ProgressPlanEvent } from '../../progress-plans/progress-plan.events.js';
import { PROGRESS_STREAM_TYPE } from '../../progress-plans/progress-plan.events.js';
import type { ProjectData, ProjectFields } from '../../projects/project.events.js';

export const PROJECT_STREAM_TYPE = 'project';

/** A BQ row of the plan: `s` and `e` its planned start and end (YYYY-MM-DD or null), `p` its percent complete. */
export type PlannedNode = { s: string | null; e: string | null; p: string | null };
export type ProgressRow = { stream_id: string; project_id: string; company_id: string; nodes: string };

export const progressRows: RowSource<ProgressRow> = {
  table: 'report_progress_plans',
  columns: { stream_id: 'text', project_id: 'text', company_id: 'text', nodes: 'text' },
  fold(row, event) {
    if (event.streamType !== PROGRESS_STREAM_TYPE) return row;
    const { type, data } = event as unknown as ProgressPlanEvent;
    if (type === 'ProgressPlanStarted')
      return row ?? { stream_id: event.streamId, project_id: data.projectId, company_id: data.companyId, nodes: '{}' };
    if (!row || (type !== 'ProgressPlanned' && type !== 'ProgressRecorded')) return row;
    const nodes = JSON.parse(row.nodes) as Record<string, PlannedNode>;
    const node = nodes[data.nodeId] ?? { s: null, e: null, p: null };
    nodes[data.nodeId] =
      type === 'ProgressPlanned' ? { ...node, s: data.plannedStart, e: data.plannedEnd } : { ...node, p: data.percentComplete };
    return { ...row, nodes: JSON.stringify(nodes) };
  },
};

export type ProjectNameRow = { stream_id: string; project_id: string; company_id: string; name: string };

export const projectNameRows: RowSource<ProjectNameRow> = {
  table: 'report_project_names',
  columns: { stream_id: 'text', project_id: 'text', company_id: 'text', name: 'text' },
  fold(row, event) {
    if (event.streamType !== PROJECT_STREAM_TYPE) return row;
    if (event.type === 'ProjectCreated') {
      const data = event.data as unknown as ProjectData;
      return { stream_id: event.streamId, project_id: data.projectId, company_id: data.companyId, name: data.name };
    }
    if (event.type === 'ProjectEdited' && row) {
      const { fields } = event.data as unknown as { fields: ProjectFields };
      return typeof fields.name === 'string' ? { ...row, name: fields.name } : row;
    }
    return row;
  },
};
