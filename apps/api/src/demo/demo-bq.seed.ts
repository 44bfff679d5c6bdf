// The demo's bill of quantity: the warehouse Teguh Bina builds for Seri Hartanah (TB-GB-SA, the project its
// users meet first: the home page and the projects list put it first) gets a modest priced BQ in three tabs,
// preliminaries, substructure and superstructure, as a Malaysian QS would lay them out, so a new user opens a
// filled editor. Through the product's own paths: Aminah gives Kumar CreatePropose (10) and Lim Verify (20)
// on the BQ, the budget and the progress plan in the project (ProjectsService.assign, as the project page
// does), then Kumar imports the tabs (BQ_BOOK, as an Excel import does). The BQ stays new; demo-plans.seed.ts
// prices some of its items by build-ups and starts the budget and the progress plan on it.
import type { INestApplicationContext } from '@nestjs/common';
import { encodeAccessRights, type BqImportRow, type BqImportTab } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { BQ_BOOK, type BqBook } from '../bills-of-quantity/import-export/bq-book.port.js';
import { ProjectsService } from '../projects/projects.service.js';
import { DEMO_COMPANIES, DEMO_ROLES, DEMO_USERS } from './demo-data.js';

const TEGUH = 'teguh-bina';
export const DEMO_BQ_PROJECT = 'TB-GB-SA';
/** What Aminah gives Kumar (10) and Lim (20) in the project: the BQ and the plans made from it. */
const PLAN_CODES = ['billOfQuantity', 'ongoingBudget', 'progressPlanning'] as const;

const header = (level: number, title: string, description: string): BqImportRow => ({
  level,
  type: 'header',
  title,
  description,
  unit: null,
  quantity: null,
  rate: null,
});
const item = (level: number, title: string, description: string, unit: string, quantity: string, rate: string): BqImportRow => ({
  level,
  type: 'item',
  title,
  description,
  unit,
  quantity,
  rate,
});

export const DEMO_BQ: readonly BqImportTab[] = [
  {
    name: 'Preliminaries',
    rows: [
      header(1, 'A', 'GENERAL PRELIMINARIES'),
      item(2, 'A1', "Contractor's all risks insurance of the works, for the contract period", 'sum', '1.000', '12500.00'),
      item(2, 'A2', 'Performance bond, 5% of the contract sum, as a bank guarantee', 'sum', '1.000', '3800.00'),
      item(2, 'A3', "Site office, store and workers' amenities; maintain and remove on completion", 'item', '1.000', '18000.00'),
      item(2, 'A4', 'Temporary water and electricity for the works', 'month', '18.000', '850.00'),
      item(2, 'A5', 'Hoarding 2.4 m high in galvanised metal sheet, with gates', 'm', '320.000', '95.00'),
      item(2, 'A6', 'CIDB levy on the contract sum', 'sum', '1.000', '4375.00'),
    ],
  },
  {
    name: 'Substructure',
    rows: [
      header(1, 'B', 'EXCAVATION AND EARTHWORK'),
      item(2, 'B1', 'Site clearance and removal of topsoil 150 mm average deep', 'm2', '4800.000', '2.80'),
      item(2, 'B2', 'Excavate for pile caps and ground beams not exceeding 1.5 m deep', 'm3', '620.000', '22.00'),
      item(2, 'B3', 'Hardcore filling 150 mm thick, well compacted in layers', 'm2', '3900.000', '9.50'),
      item(2, 'B4', 'Anti-termite soil treatment under the ground slab', 'm2', '3900.000', '3.20'),
      header(1, 'C', 'CONCRETE WORK'),
      item(2, 'C1', 'Lean concrete blinding grade 15, 50 mm thick', 'm2', '3900.000', '14.75'),
      item(2, 'C2', 'Reinforced concrete grade 30 in pile caps and ground beams', 'm3', '180.000', '310.00'),
      item(2, 'C3', 'High-tensile steel reinforcement bars to MS 146', 'tonne', '42.000', '3450.00'),
      item(2, 'C4', 'Sawn formwork to sides of pile caps and ground beams', 'm2', '1250.000', '38.00'),
    ],
  },
  {
    name: 'Superstructure',
    rows: [
      header(1, 'D', 'REINFORCED CONCRETE FRAME'),
      item(2, 'D1', 'Reinforced concrete grade 30 in columns', 'm3', '96.000', '330.00'),
      item(2, 'D2', 'Reinforced concrete grade 30 in suspended slabs 150 mm thick', 'm3', '410.000', '305.00'),
      item(2, 'D3', 'Formwork to soffits of suspended slabs, including props', 'm2', '2700.000', '42.00'),
      header(1, 'E', 'BRICKWORK AND BLOCKWORK'),
      item(2, 'E1', 'Half-brick wall 115 mm thick in cement sand bricks', 'm2', '5200.000', '48.00'),
      item(2, 'E2', 'Precast concrete lintels 100 x 150 mm', 'm', '860.000', '28.00'),
      header(1, 'F', 'ROOFING'),
      item(2, 'F1', 'Pre-coated metal deck roofing 0.48 mm thick on steel purlins', 'm2', '1850.000', '65.00'),
    ],
  },
];

/** A Teguh Bina user as the principal a sign-in and company choice would give (with their roles' rights). */
export async function teguhPrincipals(app: INestApplicationContext): Promise<(email: string) => Principal> {
  const db = app.get<SqlExecutor>(READ_MODELS, { strict: false });
  const users = await db.query<{ user_id: string; email: string }>(
    'SELECT user_id, email FROM identity_users WHERE email = ANY($1::text[])',
    [DEMO_USERS.map((u) => u.email)],
  );
  return (email: string): Principal => {
    const userId = users.find((u) => u.email === email)?.user_id;
    const user = DEMO_USERS.find((u) => u.email === email);
    const roles = DEMO_COMPANIES.find((c) => c.key === TEGUH)?.members.find((m) => m.email === email)?.roles ?? [];
    if (!userId || !user) throw new Error(`demo BQ: ${email} is not a seeded demo user`);
    const rights = DEMO_ROLES.filter((r) => roles.includes(r.roleId)).flatMap((r) => r.accessRights);
    return {
      userId,
      sessionId: 'demo-seed',
      email,
      userType: user.userType,
      companyId: TEGUH,
      accessRights: encodeAccessRights(rights),
      readOnly: false,
      restriction: null,
    };
  };
}

/** The project the demo's BQ and plans are in. */
export async function demoBqProjectId(app: INestApplicationContext): Promise<string> {
  const db = app.get<SqlExecutor>(READ_MODELS, { strict: false });
  const [project] = await db.query<{ project_id: string }>('SELECT project_id FROM projects WHERE company_id = $1 AND code = $2', [
    TEGUH,
    DEMO_BQ_PROJECT,
  ]);
  if (!project) throw new Error(`demo BQ: the project ${DEMO_BQ_PROJECT} is not seeded`);
  return project.project_id;
}

/** Seeds the BQ into the project; answers the rows added. */
export async function seedDemoBq(app: INestApplicationContext): Promise<number> {
  const principal = await teguhPrincipals(app);
  const projectId = await demoBqProjectId(app);
  const aminah = principal('aminah@teguhbina.my');
  const kumar = principal('kumar@teguhbina.my');
  const projects = app.get(ProjectsService, { strict: false });
  for (const code of PLAN_CODES) {
    for (const [who, level] of [
      [kumar, 10],
      [principal('lim@teguhbina.my'), 20],
    ] as const) {
      await projects.assign(aminah, projectId, { code, user_id: who.userId, workflow_level: level }, false);
    }
  }
  await app
    .get<BqBook>(BQ_BOOK, { strict: false })
    .append(kumar, projectId, DEMO_BQ, { kind: 'excel', fileName: 'demo-bill-of-quantity.xlsx' });
  return DEMO_BQ.reduce((n, tab) => n + tab.rows.length, 0);
}
