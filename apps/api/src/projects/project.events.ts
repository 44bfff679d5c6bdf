// Events of the projects context, stream `project-<uuid>` (type 'project'). The project's status is the
// project workflow machine's (@binaan/workflows `project`): its WorkflowStatusChanged events sit in the
// same stream. Assignments are per project (scope 'workflow' for the project's own workflows, 'supply' for
// supply workflows); manual authority roles name a user by e-mail and grant view. Members and stages run
// their own machines (`projectMember`, `projectStage`): their status changes are recorded in the same
// stream, wrapped with the member's user id or the stage's id, so one stream is the project's whole record
// (one history, one revision to guard edits with).
import type { WorkflowStatusChanged } from '@binaan/contracts';

export type ProjectData = {
  projectId: string;
  companyId: string;
  name: string;
  code: string;
  projectType: 1 | 2 | 3;
  location: string;
  shortDesc: string;
  siteContactPerson: string;
  siteContactPersonNumber: string;
  categoryName: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Malaysian state (spec §3.1 enumeration); absent in projects created before regions were kept. */
  region?: number | null;
  /**
   * The company's project category and region (company setups) picked, with the names they had then; absent in
   * projects recorded before, which keep their typed category (`categoryName`).
   */
  categoryId?: string | null;
  companyRegionId?: string | null;
  companyRegionName?: string | null;
  createdBy: string;
};

/** The editable fields, all of them, as they stand after the edit. */
export type ProjectFields = Omit<ProjectData, 'projectId' | 'companyId' | 'createdBy'>;

export type ProjectAssignmentData = {
  projectId: string;
  scope: 'workflow' | 'supply';
  code: string;
  userId: string;
  level: number;
  by: string;
};

export type ProjectMemberChange = { projectId: string; userId: string; change: WorkflowStatusChanged };
export type ProjectStageChange = { projectId: string; stageId: string; name: string; change: WorkflowStatusChanged };

export type ProjectEvent =
  | { type: 'ProjectCreated'; data: ProjectData }
  | { type: 'ProjectEdited'; data: { projectId: string; fields: ProjectFields; by: string } }
  | { type: 'ProjectLevelAssigned'; data: ProjectAssignmentData }
  | { type: 'ProjectLevelUnassigned'; data: ProjectAssignmentData }
  | { type: 'ProjectManualRoleGranted'; data: { projectId: string; email: string; role: string; by: string } }
  | { type: 'ProjectMemberStatusChanged'; data: ProjectMemberChange }
  | { type: 'ProjectStageStatusChanged'; data: ProjectStageChange };

export const projectStream = (projectId: string) => `project-${projectId}`;
