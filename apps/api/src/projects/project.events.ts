// Events of the projects context, stream `project-<uuid>` (type 'project'). The project's status is the
// project workflow machine's (@binaan/workflows `project`): its WorkflowStatusChanged events sit in the
// same stream. Assignments are per project (scope 'workflow' for the project's own workflows, 'supply' for
// supply workflows); manual authority roles name a user by e-mail and grant view.

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
  createdBy: string;
};

export type ProjectAssignmentData = { projectId: string; scope: 'workflow' | 'supply'; code: string; userId: string; level: number; by: string };

export type ProjectEvent =
  | { type: 'ProjectCreated'; data: ProjectData }
  | { type: 'ProjectLevelAssigned'; data: ProjectAssignmentData }
  | { type: 'ProjectLevelUnassigned'; data: ProjectAssignmentData }
  | { type: 'ProjectManualRoleGranted'; data: { projectId: string; email: string; role: string; by: string } };

export const projectStream = (projectId: string) => `project-${projectId}`;
