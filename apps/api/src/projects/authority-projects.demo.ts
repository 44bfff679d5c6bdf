// Demo data of the authority and projects contexts, through the same events the product records: Teguh
// Bina's authority manuals (purchase orders, tenders, progressive claims, with amount limits), its
// project levels, and three projects (owner, supplier, developer) with assignments and a manual role.
// Called by demo/demo-seed.ts after the users and companies exist: `seedAuthorityAndProjectsDemo(store, { userIds })`.
import { randomUUID } from 'node:crypto';
import type { EventStore, JsonValue, NewEvent } from '@binaan/event-store';
import { decide, type Actor, type WorkflowDecision, type WorkflowState } from '@binaan/workflows';
import { authorityManualStream, companyAuthorityStream, type ManualData } from '../authority/authority.events.js';
import { projectStream, type ProjectData } from './project.events.js';

const TEGUH = 'teguh-bina';

/** Teguh Bina's manuals: [resource, label, levels with RM limits]. */
export const DEMO_MANUALS: readonly [string, string, [20 | 21 | 22 | 23, string | null][]][] = [
  [
    'purchaseOrder',
    'Purchase order approval',
    [
      [20, '10000.00'],
      [21, '100000.00'],
      [22, '1000000.00'],
    ],
  ],
  [
    'tender',
    'Tender approval',
    [
      [20, '50000.00'],
      [21, '500000.00'],
      [22, null],
    ],
  ],
  [
    'progressiveClaim',
    'Progressive claim approval',
    [
      [20, '20000.00'],
      [21, '200000.00'],
    ],
  ],
];

// letterOfAward and rentalOrder too: awarding a project's tender makes a letter of award and an order in that
// project, each held to its project levels (the three-browser walk, tender-walk.spec, found them missing).
const PROJECT_RESOURCES = [
  'tender',
  'purchaseOrder',
  'workOrder',
  'rentalOrder',
  'letterOfAward',
  'progressiveClaim',
  'paymentCertificate',
  'invoice',
  'materialRequest',
  'machineRequest',
  'tradeRequest',
  'variationOrder',
  'instruction',
];

type DemoProject = Omit<ProjectData, 'projectId' | 'companyId' | 'createdBy'> & {
  events: ('Request_Approve' | 'Approve')[];
  supply: boolean;
  stages: readonly [string, ...('Hold' | 'Restart')[]][];
};

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    name: 'Menara Teguh, Block A',
    code: 'TB-MT-A',
    projectType: 1,
    location: 'Jalan Klang Lama, Kuala Lumpur',
    shortDesc: '32-storey office tower, substructure and frame',
    siteContactPerson: 'Farid bin Hassan',
    siteContactPersonNumber: '+60123000005',
    categoryName: 'Commercial building',
    latitude: 3.1,
    longitude: 101.68,
    events: ['Request_Approve', 'Approve'],
    supply: false,
    stages: [['Piling and substructure'], ['Frame, levels 1 to 16', 'Hold', 'Restart'], ['Frame, levels 17 to 32']],
    region: 2,
  },
  {
    name: 'Gudang Bekalan Shah Alam',
    code: 'TB-GB-SA',
    projectType: 2,
    location: 'Seksyen 15, Shah Alam, Selangor',
    shortDesc: 'Warehouse for Seri Hartanah: substructure and frame',
    siteContactPerson: 'Kumar a/l Rajan',
    siteContactPersonNumber: '+60123000003',
    categoryName: null,
    latitude: null,
    longitude: null,
    events: ['Request_Approve', 'Approve'],
    supply: true,
    stages: [['Delivery batch 1'], ['Delivery batch 2', 'Hold']],
    region: 1,
  },
  {
    name: 'Taman Seri Kembangan Phase 2',
    code: 'TB-TSK-2',
    projectType: 3,
    location: 'Seri Kembangan, Selangor',
    shortDesc: '120 terrace houses, infrastructure works',
    siteContactPerson: 'Aminah binti Yusof',
    siteContactPersonNumber: '+60123000002',
    categoryName: 'Residential',
    latitude: 3.02,
    longitude: 101.7,
    events: ['Request_Approve'],
    supply: false,
    stages: [['Earthworks']],
    region: 1,
  },
];

export async function seedAuthorityAndProjectsDemo(
  store: EventStore,
  ids: { userIds: ReadonlyMap<string, string> },
  now: () => Date = () => new Date(),
): Promise<{ manuals: number; projects: number }> {
  const user = (email: string) => {
    const id = ids.userIds.get(email);
    if (!id) throw new Error(`demo user ${email} is missing`);
    return id;
  };
  const aminah = user('aminah@teguhbina.my'),
    kumar = user('kumar@teguhbina.my'),
    lim = user('lim@teguhbina.my');
  const meta = (actorUserId: string) => ({ actorUserId, actorCompanyId: TEGUH, correlationId: 'demo-seed' });

  // Company levels on `project` (whose authority is the company's): Kumar proposes, Lim approves. The same on
  // project members and stages, so that a new project can be staffed before anyone holds a level in it.
  const grants: [string, number][] = [
    [kumar, 10],
    [lim, 20],
    [aminah, 10],
  ];
  const staffing: [string, number][] = [
    [kumar, 10],
    [lim, 20],
    [aminah, 10],
    [aminah, 20],
  ];
  await store.append({
    streamId: companyAuthorityStream(TEGUH),
    streamType: 'companyAuthority',
    expectedRevision: 'no_stream',
    events: [
      ...grants.map(([userId, level]) => ['project', userId, level] as const),
      ...['projectMember', 'projectStage'].flatMap((code) => staffing.map(([userId, level]) => [code, userId, level] as const)),
    ].map(([resourceCode, userId, level]) => ({
      type: 'WorkflowLevelAssigned',
      data: { companyId: TEGUH, resourceCode, userId, level, by: aminah },
      metadata: meta(aminah),
    })),
  });
  for (const [resource, label, levels] of DEMO_MANUALS) {
    const data: ManualData = {
      companyId: TEGUH,
      resource,
      label,
      note: 'Demo manual: each level approves up to its limit (RM).',
      levels: levels.map(([level, limit]) => ({ level, limit })),
      allowSelfApproval: false,
      roleType: 'company',
      roles: ['Approver'],
      version: 1,
      by: aminah,
    };
    await store.append({
      streamId: authorityManualStream(TEGUH, resource),
      streamType: 'authorityManual',
      expectedRevision: 'no_stream',
      events: [{ type: 'AuthorityManualDefined', data: data, metadata: meta(aminah) }],
    });
  }

  const actor = (userId: string): Actor => ({
    userId,
    companyId: TEGUH,
    kind: 'user',
    authorities: { company: { project: userId === kumar ? [10] : userId === lim ? [20] : [10] }, project: {} },
  });
  for (const project of DEMO_PROJECTS) {
    const projectId = randomUUID();
    const { events: steps, supply, stages: _stages, ...fields } = project;
    const data: ProjectData = { ...fields, projectId, companyId: TEGUH, createdBy: kumar };
    const events: NewEvent[] = [{ type: 'ProjectCreated', data: data, metadata: meta(kumar) }];
    let state: WorkflowState | null = null;
    const walk: ['Create' | 'Request_Approve' | 'Approve', string][] = [
      ['Create', kumar],
      ...steps.map((step): ['Request_Approve' | 'Approve', string] => [step, step === 'Approve' ? lim : kumar]),
    ];
    for (const [type, by] of walk) {
      const decision: WorkflowDecision = decide('project', state, { type, at: now().toISOString() }, actor(by));
      if (!decision.ok) throw new Error(`demo project ${project.name}: ${type} refused (${decision.refusal.code})`);
      state = decision.state;
      events.push({ type: 'WorkflowStatusChanged', data: decision.event as unknown as JsonValue, metadata: meta(by) });
    }
    const scope = supply ? 'supply' : 'workflow';
    const levels: [string, number][] = [
      [kumar, 10],
      [lim, 20],
      [lim, 21],
      [aminah, 10],
      [aminah, 22],
    ];
    for (const code of PROJECT_RESOURCES) {
      for (const [userId, level] of levels)
        events.push({ type: 'ProjectLevelAssigned', data: { projectId, scope, code, userId, level, by: aminah }, metadata: meta(aminah) });
    }
    events.push({
      type: 'ProjectManualRoleGranted',
      data: { projectId, email: 'farid@teguhbina.my', role: 'Site team (view)', by: aminah },
      metadata: meta(aminah),
    });
    events.push(...membersAndStages(projectId, project.stages, { kumar, lim, aminah, farid: user('farid@teguhbina.my') }, now, meta));
    await store.append({ streamId: projectStream(projectId), streamType: 'project', expectedRevision: 'no_stream', events });
  }
  return { manuals: DEMO_MANUALS.length, projects: DEMO_PROJECTS.length };
}

/**
 * Kumar, Lim and Aminah approved members of every demo project (their project levels count only as members),
 * Farid invited and waiting for approval, and the project's stages through the stage machine.
 */
function membersAndStages(
  projectId: string,
  stages: DemoProject['stages'],
  who: { kumar: string; lim: string; aminah: string; farid: string },
  now: () => Date,
  meta: (actorUserId: string) => Record<string, string>,
): NewEvent[] {
  const events: NewEvent[] = [];
  const actor = (userId: string, levels: (10 | 20)[]): Actor => ({
    userId,
    companyId: TEGUH,
    kind: 'user',
    authorities: { company: {}, project: { projectMember: levels, projectStage: levels } },
  });
  const step = (
    resource: 'projectMember' | 'projectStage',
    state: WorkflowState | null,
    type: 'Create' | 'Approve' | 'Hold' | 'Restart',
    by: Actor,
  ): WorkflowDecision & { ok: true } => {
    const decision = decide(
      resource,
      state,
      { type, at: now().toISOString(), ...(type === 'Hold' ? { remark: "Waiting for the consultant's drawings" } : {}) },
      by,
    );
    if (!decision.ok) throw new Error(`demo ${resource} ${type} refused (${decision.refusal.code})`);
    return decision;
  };
  for (const userId of [who.kumar, who.lim, who.aminah, who.farid]) {
    const created = step('projectMember', null, 'Create', actor(who.kumar, [10]));
    events.push({
      type: 'ProjectMemberStatusChanged',
      data: { projectId, userId, change: created.event } as unknown as JsonValue,
      metadata: meta(who.kumar),
    });
    if (userId === who.farid) continue;
    const approved = step('projectMember', created.state, 'Approve', actor(who.lim, [20]));
    events.push({
      type: 'ProjectMemberStatusChanged',
      data: { projectId, userId, change: approved.event } as unknown as JsonValue,
      metadata: meta(who.lim),
    });
  }
  for (const [name, ...moves] of stages) {
    const stageId = randomUUID();
    let decision = step('projectStage', null, 'Create', actor(who.kumar, [10]));
    events.push({
      type: 'ProjectStageStatusChanged',
      data: { projectId, stageId, name, change: decision.event } as unknown as JsonValue,
      metadata: meta(who.kumar),
    });
    for (const move of moves) {
      decision = step('projectStage', decision.state, move, actor(who.lim, [20]));
      events.push({
        type: 'ProjectStageStatusChanged',
        data: { projectId, stageId, name, change: decision.event } as unknown as JsonValue,
        metadata: meta(who.lim),
      });
    }
  }
  return events;
}
