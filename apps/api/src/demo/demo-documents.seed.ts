// Seeds the demo documents through the documents context's own command service, resolved from the running
// application: the same decide, append and projection path as a request, with each demo user as the
// principal a sign-in and company choice would give. A step the machine refuses stops the seed with its
// error: the demo never records what the product would not.
import type { INestApplicationContext } from '@nestjs/common';
import type { SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { DocumentCommands } from '../documents/document-commands.service.js';
import { DEMO_COMPANIES, DEMO_USERS } from './demo-data.js';
import { DEMO_DOCUMENTS, type DemoDocument } from './demo-documents.js';
import { seedDemoBids } from './demo-tender-bids.seed.js';

const DAY = 86_400_000;
const day = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

export type SeededDocument = { key: string; resource: string; id: string; status: string; revision: number };

export async function seedDemoDocuments(app: INestApplicationContext): Promise<SeededDocument[]> {
  const commands = app.get(DocumentCommands, { strict: false });
  const db = app.get<SqlExecutor>(READ_MODELS, { strict: false });
  const now = app.get<Clock>(CLOCK, { strict: false })();
  const users = await db.query<{ user_id: string; email: string }>(
    'SELECT user_id, email FROM identity_users WHERE email = ANY($1::text[])',
    [DEMO_USERS.map((user) => user.email)],
  );
  const principal = (email: string, companyId: string): Principal => {
    const userId = users.find((row) => row.email === email)?.user_id;
    const user = DEMO_USERS.find((demo) => demo.email === email);
    if (!userId || !user) throw new Error(`demo documents: ${email} is not a seeded demo user`);
    return {
      userId,
      sessionId: 'demo-seed',
      email,
      userType: user.userType,
      companyId,
      accessRights: '',
      readOnly: false,
      restriction: null,
    };
  };
  const projects = await db.query<{ project_id: string; company_id: string; code: string }>(
    'SELECT project_id, company_id, code FROM projects',
  );
  const projectOf = (plan: DemoDocument): string | null => {
    if (!plan.project) return null;
    const found = projects.find((p) => p.company_id === plan.company && p.code === plan.project);
    if (!found) throw new Error(`the project ${plan.project} of ${plan.company} is not seeded`);
    return found.project_id;
  };
  const seeded: SeededDocument[] = [];
  const idOf = (key: string | undefined): string | null => {
    if (!key) return null;
    const found = seeded.find((document) => document.key === key);
    if (!found) throw new Error(`${key} is not seeded before the documents that name it`);
    return found.id;
  };
  for (const plan of DEMO_DOCUMENTS) {
    try {
      const links = { sourceDocumentId: idOf(plan.source), instructionId: idOf(plan.instruction) };
      seeded.push(await seedOne(app, commands, plan, principal, now, projectOf(plan), links));
    } catch (error) {
      throw new Error(`demo document ${plan.key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return seeded;
}

async function seedOne(
  app: INestApplicationContext,
  commands: DocumentCommands,
  plan: DemoDocument,
  principal: (email: string, companyId: string) => Principal,
  now: Date,
  projectId: string | null,
  links: { sourceDocumentId: string | null; instructionId: string | null },
): Promise<SeededDocument> {
  const [start, end] = plan.days ?? [0, 0];
  const { state } = await commands.create(plan.resource, principal(plan.by, plan.company), {
    title: plan.title,
    ...(projectId ? { projectId } : {}),
    ...(plan.description ? { description: plan.description } : {}),
    ...(plan.counterparty ? { counterpartyCompanyId: plan.counterparty } : {}),
    documentDate: day(now, 0),
    ...(plan.days ? { startDate: day(now, start), endDate: day(now, end) } : {}),
    ...(plan.items ? { items: plan.items } : {}),
    ...(plan.fields ? plan.fields(now) : {}),
    ...(links.sourceDocumentId ? { sourceDocumentId: links.sourceDocumentId } : {}),
    ...(links.instructionId ? { instructionId: links.instructionId } : {}),
  });
  let revision = state.revision;
  let status: string = state.workflow.status;
  for (const step of plan.steps) {
    // A member of the owner company acts for it; anyone else acts for the counterparty.
    const companyId = memberOf(step.by, plan.company) ? plan.company : (plan.counterparty ?? plan.company);
    // The sellers quote while the tender is active, so the Close opens their bids.
    if (plan.bids && step.event === 'Close') {
      await seedDemoBids(
        app,
        { id: state.id, openAt: String(state.fields.openAt) },
        principal(plan.by, plan.company),
        plan.bids,
        principal,
      );
    }
    const body = { ...(step.remark ? { remark: step.remark } : {}), ...(step.amount ? { amount: step.amount } : {}) };
    const reply = await commands.act(plan.resource, state.id, step.event, principal(step.by, companyId), body, String(revision), undefined);
    revision = reply.revision;
    status = reply.status;
  }
  return { key: plan.key, resource: plan.resource, id: state.id, status, revision };
}

const memberOf = (email: string, companyKey: string) =>
  DEMO_COMPANIES.some((company) => company.key === companyKey && company.members.some((member) => member.email === email));
