// The demo BQ's plans, through the commands the project's Build-up master, Budget and Progress tabs send:
// Kumar prices five items by subcontract build-ups (a trade code each), starts the budget from them (a line
// per trade code at the items' cost) and Lim approves it; Kumar starts the progress plan and plans five
// rows with dates and percent complete, left pending for Lim. Each build-up is a total sub with 10% profit
// whose price is the item's imported rate, so the BQ's amounts stay those of DEMO_BQ. The demo seeds before
// the app is initialised, when the CommandBus has no handlers yet, so each command goes straight to its handler.
import type { INestApplicationContext } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/principal.js';
import { BqLoader } from '../bills-of-quantity/bq-loader.js';
import { ChangeBqBuildUpHandler, ChangeBqItemHandler } from '../bills-of-quantity/bq-command.handlers.js';
import { ChangeBqBuildUp, ChangeBqItem } from '../bills-of-quantity/bq.commands.js';
import { ActOnBudgetHandler, StartBudgetHandler } from '../budgets/budgets-command.handlers.js';
import { ActOnBudget, StartBudget } from '../budgets/budgets.commands.js';
import { PlanProgressRowHandler, StartProgressPlanHandler } from '../progress-plans/progress-plans-command.handlers.js';
import { PlanProgressRow, StartProgressPlan } from '../progress-plans/progress-plans.commands.js';
import { demoBqProjectId, teguhPrincipals } from './demo-bq.seed.js';

/** Trade code, description, the item it prices (DEMO_BQ's title) and the subcontract cost per unit. */
export const DEMO_BUILD_UPS: readonly { code: string; description: string; item: string; totalSub: string }[] = [
  { code: 'EXC', description: 'Excavation for pile caps and ground beams, by subcontract', item: 'B2', totalSub: '20.00' },
  { code: 'RC30', description: 'Grade 30 concrete to pile caps and ground beams, placed by subcontract', item: 'C2', totalSub: '281.82' },
  { code: 'REBAR', description: 'Reinforcement bars, supplied and fixed by subcontract', item: 'C3', totalSub: '3136.36' },
  { code: 'BRICK', description: 'Brickwork by subcontract', item: 'E1', totalSub: '43.64' },
  { code: 'ROOF', description: 'Metal deck roofing by subcontract', item: 'F1', totalSub: '59.09' },
];
export const DEMO_BUILD_UP_PROFIT = '10';

/** The progress plan's rows (DEMO_BQ's titles): planned start and end as days from the seeding day, and percent complete. */
export const DEMO_PROGRESS: readonly { row: string; start: number; end: number; percent: string }[] = [
  { row: 'A', start: -60, end: 300, percent: '20' },
  { row: 'B', start: -45, end: -10, percent: '100' },
  { row: 'C', start: -20, end: 25, percent: '60' },
  { row: 'D', start: 20, end: 120, percent: '0' },
  { row: 'F', start: 150, end: 200, percent: '0' },
];

const DAY = 86_400_000;

export async function seedDemoPlans(app: INestApplicationContext): Promise<void> {
  const handler = <T>(type: abstract new (...args: never[]) => T): T => app.get(type, { strict: false });
  const principal = await teguhPrincipals(app);
  const kumar = principal('kumar@teguhbina.my');
  const lim = principal('lim@teguhbina.my');
  const projectId = await demoBqProjectId(app);
  const now = app.get<Clock>(CLOCK, { strict: false })();
  const bq = await app.get(BqLoader, { strict: false }).current(projectId);
  if (!bq) throw new Error('demo plans: the demo BQ is not seeded');
  const node = (title: string) => {
    const found = [...bq.nodes.values()].find((n) => n.title === title);
    if (!found) throw new Error(`demo plans: no BQ row ${title}`);
    return found;
  };

  let revision = bq.revision;
  for (const b of DEMO_BUILD_UPS) {
    revision = (
      await handler(ChangeBqBuildUpHandler).execute(
        new ChangeBqBuildUp(
          kumar,
          'add',
          {
            project_id: projectId,
            revision,
            code: b.code,
            description: b.description,
            totalSub: b.totalSub,
            profitPercent: DEMO_BUILD_UP_PROFIT,
            lines: [],
          },
          undefined,
        ),
      )
    ).revision;
    const item = node(b.item);
    revision = (
      await handler(ChangeBqItemHandler).execute(
        new ChangeBqItem(
          kumar,
          'update',
          { project_id: projectId, bq_tab_id: item.tabId, id: item.id, buildUpCode: b.code, revision },
          undefined,
        ),
      )
    ).revision;
  }

  const started = await handler(StartBudgetHandler).execute(new StartBudget(kumar, projectId));
  await handler(ActOnBudgetHandler).execute(
    new ActOnBudget(lim, projectId, 'Approve', { remark: 'Within the tender costing' }, `"${started.revision}"`),
  );

  let plan = (await handler(StartProgressPlanHandler).execute(new StartProgressPlan(kumar, projectId))).revision;
  const date = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  for (const p of DEMO_PROGRESS) {
    const body = { plannedStart: date(p.start), plannedEnd: date(p.end), percentComplete: p.percent };
    plan = (await handler(PlanProgressRowHandler).execute(new PlanProgressRow(kumar, projectId, node(p.row).id, body, `"${plan}"`)))
      .revision;
  }
}
