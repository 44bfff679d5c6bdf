// The projects context over the API (spec §3 "Project", "Project authority", §7 project-list-by-user).
import type { WorkflowAssignmentGroup } from './authority-api.js';
import type { ProjectType } from './enumerations.js';

/** Project type (spec §3.1, `ProjectType`): owner means a demand project and supplier a supply project. */
export type ProjectTypeValue = (typeof ProjectType)[keyof typeof ProjectType];

export type ProjectCreateBody = {
  project_name: string;
  project_code?: string;
  project_type: ProjectTypeValue;
  location?: string;
  project_short_desc?: string;
  site_contact_person?: string;
  site_contact_person_number?: string;
  project_category_name?: string;
  latitude?: number;
  longitude?: number;
};

/** POST projects/<id>/assignments: `supply` puts it in supplyWorkflowAssignments. */
export type ProjectAssignmentBody = { code: string; user_id: string; workflow_level: number; supply?: boolean };

export type ProjectListItem = {
  project: {
    id: string;
    project_name: string;
    project_code: string;
    /** The project machine's status (new, pendingApproval, active, closed, rejected, archived). */
    status_id: string;
    project_type: ProjectTypeValue;
    location: string;
    project_short_desc: string;
    site_contact_person: string;
    site_contact_person_number: string;
    /** "-" when missing (spec §3). */
    project_category_name: string;
    company_id: string;
  };
  workflowAssignments: WorkflowAssignmentGroup[];
  supplyWorkflowAssignments: WorkflowAssignmentGroup[];
  authority_manual_roles: { email: string; role: string }[];
  appControl: Record<string, boolean>;
};
