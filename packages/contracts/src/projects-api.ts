// The projects context over the API (spec §3 "Project", "Project authority", §7 project-list-by-user).
import type { WorkflowAssignmentGroup } from './authority-api.js';
import type { ProjectType } from './enumerations.js';
import type { WorkflowCommandField, WorkflowEventName } from './workflow-events.js';

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
  /** One of the company's project categories (company setups); its name becomes the project's category. */
  project_category_id?: string | null;
  /** One of the company's project regions (company setups). */
  project_region_id?: string | null;
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

/** Malaysian states (spec §3.1): a project's region. */
export const MalaysianStates = {
  Selangor: 1,
  KualaLumpur: 2,
  PulauPinang: 3,
  Malacca: 4,
  Johor: 5,
  Labuan: 10,
  Putrajaya: 11,
  Kedah: 13,
  Kelantan: 14,
  NegeriSembilan: 16,
  Pahang: 17,
  Perak: 18,
  Perlis: 19,
  Sabah: 21,
  Sarawak: 22,
  Terengganu: 24,
} as const;

/** The field rules of a project's create and edit; each broken rule answers its own code on its field. */
export const ProjectFieldRules = {
  project_name: { max: 200 },
  project_code: { max: 20, pattern: /^[A-Za-z0-9][A-Za-z0-9-]*$/ },
  project_short_desc: { max: 100 },
  location: { max: 300 },
  project_category_name: { max: 100 },
  site_contact_person: { max: 100 },
  /** With the country code (spec §5.2 "Phone"), 8 to 15 digits after the plus. */
  site_contact_person_number: { pattern: /^\+[1-9][0-9]{7,14}$/ },
} as const;

export const ProjectFieldErrorCodes = [
  'projectNameRequired',
  'projectNameTooLong',
  'projectCodeRequired',
  'projectCodeTooLong',
  'projectCodeInvalid',
  'projectCodeTaken',
  'projectTypeInvalid',
  'shortTitleRequired',
  'shortTitleTooLong',
  'locationRequired',
  'locationTooLong',
  'categoryTooLong',
  'regionInvalid',
  'latitudeInvalid',
  'longitudeInvalid',
  'coordinatesIncomplete',
  'siteContactPersonTooLong',
  'siteContactNumberInvalid',
  'siteContactIncomplete',
  'categoryNotFound',
  'categoryInactive',
  'companyRegionNotFound',
  'companyRegionInactive',
] as const;
export type ProjectFieldErrorCode = (typeof ProjectFieldErrorCodes)[number];

/** POST /api/projects and PUT /api/projects/<id>: every field; the edit sends them all (what it leaves out is cleared). */
export type ProjectBody = ProjectCreateBody & { region?: number | null };

/** A row of GET /api/projects (react-admin's list protocol). */
export type ProjectRow = {
  id: string;
  name: string;
  code: string;
  shortTitle: string;
  projectType: ProjectTypeValue;
  location: string;
  category: string | null;
  region: number | null;
  latitude: number | null;
  longitude: number | null;
  status: string;
  siteContactPerson: string;
  siteContactNumber: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
  /** The company setups' category and region picked (null: none, or a category typed before categories were kept). */
  categoryId: string | null;
  companyRegionId: string | null;
  companyRegion: string | null;
};

export type ProjectAction = { event: WorkflowEventName; labelKey: string; requiredFields: WorkflowCommandField[] };

export type ProjectMemberRow = {
  userId: string;
  name: string | null;
  email: string | null;
  status: string;
  round: { requiredLevels: number[]; approvedLevels: number[] } | null;
  availableActions: ProjectAction[];
};
export type ProjectStageRow = { id: string; name: string; status: string; availableActions: ProjectAction[] };

/** GET /api/projects/<id>: the project with its members, stages, authority and what the caller may do. */
export type ProjectDetail = ProjectRow & {
  companyId: string;
  availableActions: ProjectAction[];
  members: ProjectMemberRow[];
  stages: ProjectStageRow[];
  workflowAssignments: WorkflowAssignmentGroup[];
  supplyWorkflowAssignments: WorkflowAssignmentGroup[];
  authority_manual_roles: { email: string; role: string }[];
  /** What the caller may do beside the machines' actions. */
  can: { edit: boolean; inviteMember: boolean; addStage: boolean; manageAuthority: boolean };
};

/** GET /api/projects/<id>/documents: per document kind, how many of the project's documents are in each status. */
export type ProjectDocumentCounts = { resource: string; total: number; byStatus: Record<string, number> }[];

/**
 * GET /api/projects/<id>/history: every event of the project stream. `subject` says which machine a status
 * change belongs to (the project's, a member's, a stage's), `subjectId` the member's user id or the stage id.
 */
export type ProjectHistoryRow = {
  revision: number;
  at: string;
  eventType: string;
  action: string;
  subject: 'project' | 'member' | 'stage';
  subjectId: string | null;
  subjectName: string | null;
  actor: { userId: string | null; name: string | null };
  statusBefore: string | null;
  statusAfter: string | null;
  remark: string | null;
  approvalLevel: number | null;
  /** The levels of the approval round this event opened (null: it opened none), and the level its subject's round waits for after it (null: none open). */
  requiredLevels: readonly number[] | null;
  waitingLevel: number | null;
  hash: string;
  prevHash: string;
  chainVerified: boolean;
};

/** The three project selections of §3 ("selectedProject (developer, demand, supply variants)"). */
export const ProjectSelectionKinds = ['developer', 'demand', 'supply'] as const;
export type ProjectSelectionKind = (typeof ProjectSelectionKinds)[number];
/** Project type (§3.1) of each selection: developer 3, demand = owner 1, supply = supplier 2. */
export const ProjectTypeOfSelection: Readonly<Record<ProjectSelectionKind, ProjectTypeValue>> = { developer: 3, demand: 1, supply: 2 };

export type SelectedProject = { id: string; name: string; code: string; status: string; projectType: ProjectTypeValue };

/**
 * GET /api/project-selection: the user's lastSelectedProject in the chosen company (§3), one per kind, and
 * which of them the user works in now (`active`, null: all projects). A project no longer visible reads null.
 */
export type ProjectSelection = {
  active: ProjectSelectionKind | null;
  developer: SelectedProject | null;
  demand: SelectedProject | null;
  supply: SelectedProject | null;
  revision: number | null;
};

/** PUT /api/project-selection: pick a project of a kind (it becomes the active one), or `projectId: null` to work in all projects. */
export type ProjectSelectionBody = { kind: ProjectSelectionKind; projectId: string | null };
