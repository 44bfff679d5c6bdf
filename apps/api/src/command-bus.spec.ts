// Every context's writes go through the CQRS CommandBus. For each context, every command
// class it declares reaches a handler that its own Nest module registers (the real explorer and bus, the
// handlers' services mocked), and a route's command runs its service through the bus, refusals unchanged.
import { describe, expect, it, jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { Command, CommandBus, CommandHandlerNotFoundException, CqrsModule } from '@nestjs/cqrs';
import type { Principal } from './common/principal.js';
import { refusal } from './common/refusal.js';
import { AccessModule } from './access.module.js';
import { ApprovalLinksModule } from './approval-links/approval-links.module.js';
import * as approvalLinkCommands from './approval-links/approval-links.commands.js';
import { AuthorityModule } from './authority/authority.module.js';
import * as authorityCommands from './authority/authority.commands.js';
import * as delegationCommands from './authority/delegations/delegation.commands.js';
import { BillsOfQuantityModule } from './bills-of-quantity/bills-of-quantity.module.js';
import * as bqCommands from './bills-of-quantity/bq.commands.js';
import * as bqImportExportCommands from './bills-of-quantity/bq-import-export.commands.js';
import { BqImportExportModule } from './bills-of-quantity/bq-import-export.module.js';
import { BUDGET_COMMAND_HANDLERS } from './budgets/budgets-command.handlers.js';
import { AddBudgetLine, StartBudget } from './budgets/budgets.commands.js';
import * as budgetCommands from './budgets/budgets.commands.js';
import { BudgetsController } from './budgets/budgets.controller.js';
import { BudgetsModule } from './budgets/budgets.module.js';
import { Budgets } from './budgets/budgets.service.js';
import * as catalogueItemCommands from './catalogue-items/catalogue-items.commands.js';
import { CatalogueItemsModule } from './catalogue-items/catalogue-items.module.js';
import * as dataImportCommands from './data-import/data-import.commands.js';
import { DataImportModule } from './data-import/data-import.module.js';
import * as certificateCommands from './certificates/certificates.commands.js';
import * as offlineCheckInCommands from './certificates/offline-check-in/offline-check-in.commands.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import * as companyCommands from './companies/companies.commands.js';
import * as companyAdminCommands from './companies/company-admin.commands.js';
import * as companySetupCommands from './company-setups/company-setups.commands.js';
import { CompanySetupsModule } from './company-setups/company-setups.module.js';
import * as directoryListingCommands from './companies/directory-listing.commands.js';
import * as profileCommands from './companies/profile/profile.commands.js';
import * as documentCommands from './documents/document.commands.js';
import { DocumentsModule } from './documents/documents.module.js';
import * as identityCommands from './identity/identity.commands.js';
import * as notificationCommands from './notifications/notifications.commands.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import * as personalDataCommands from './personal-data/personal-data.commands.js';
import { PersonalDataModule } from './personal-data/personal-data.module.js';
import { ProjectQueries } from './projects/project-queries.js';
import { ProjectSelectionService } from './projects/project-selection.js';
import { PROJECT_COMMAND_HANDLERS } from './projects/projects-command.handlers.js';
import { CreateProject } from './projects/projects.commands.js';
import * as projectCommands from './projects/projects.commands.js';
import { ProjectsController } from './projects/projects.controller.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ProjectsService } from './projects/projects.service.js';
import { PROGRESS_PLAN_COMMAND_HANDLERS } from './progress-plans/progress-plans-command.handlers.js';
import { PlanProgressRow } from './progress-plans/progress-plans.commands.js';
import * as progressPlanCommands from './progress-plans/progress-plans.commands.js';
import { ProgressPlansController } from './progress-plans/progress-plans.controller.js';
import { ProgressPlansModule } from './progress-plans/progress-plans.module.js';
import { ProgressPlans } from './progress-plans/progress-plans.service.js';
import { READ_MODELS } from './common/principal.js';
import * as tenderingCommands from './tendering/tendering.commands.js';
import * as tenderQueryCommands from './tendering/queries/tender-queries.commands.js';
import * as tenderAddendaCommands from './tendering/addenda/tender-addenda.commands.js';
import * as tenderAwardCommands from './tendering/award/award.commands.js';
import * as tenderAnalysisCommands from './tendering/analysis/analysis.commands.js';
import * as tendererCommands from './tendering/tenderers/tenderers.commands.js';
import * as tenderEmailInvitationCommands from './tendering/email-invitations/email-invitations.commands.js';
import * as requestTenderCommands from './tendering/requests/request-tender.commands.js';
import * as quotationAttachmentCommands from './tendering/attachments/quotation-attachments.commands.js';
import * as queryFileCommands from './tendering/queries/query-files.commands.js';
import { TenderingModule } from './tendering/tendering.module.js';
import * as companyFileCommands from './company-files/company-files.commands.js';
import { CompanyFilesModule } from './company-files/company-files.module.js';
import * as platformConfigurationCommands from './platform-configuration/platform-configuration.commands.js';
import { PlatformConfigurationModule } from './platform-configuration/platform-configuration.module.js';
import * as subscriptionCommands from './subscriptions/subscriptions.commands.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import * as chequePaymentCommands from './cheque-payments/cheque-payments.commands.js';
import { ChequePaymentsModule } from './cheque-payments/cheque-payments.module.js';
import * as inventoryCommands from './inventory/inventory.commands.js';
import { InventoryModule } from './inventory/inventory.module.js';
import * as vendorAppraisalCommands from './vendor-appraisals/vendor-appraisals.commands.js';
import { VendorAppraisalsModule } from './vendor-appraisals/vendor-appraisals.module.js';

type Constructor = new (...args: never[]) => unknown;

// @CommandHandler's mark on a handler class (@nestjs/cqrs's COMMAND_HANDLER_METADATA, not exported by the package).
const isHandler = (provider: unknown): provider is Constructor =>
  typeof provider === 'function' && Reflect.getMetadata('__commandHandler__', provider) !== undefined;
const commandsIn = (declared: Record<string, unknown>) =>
  Object.values(declared).filter((value): value is Constructor => typeof value === 'function' && value.prototype instanceof Command);
/** Any dependency a handler asks for: an object whose every method resolves to nothing. */
const anything = () => new Proxy({}, { get: (_, key) => (key === 'then' ? undefined : () => Promise.resolve(undefined)) });

const CONTEXTS: [string, object, Record<string, unknown>[]][] = [
  ['documents', DocumentsModule, [documentCommands]],
  ['projects', ProjectsModule, [projectCommands]],
  ['authority', AuthorityModule, [authorityCommands, delegationCommands]],
  [
    'identity and companies',
    AccessModule,
    [identityCommands, companyCommands, companyAdminCommands, directoryListingCommands, profileCommands],
  ],
  ['company setups', CompanySetupsModule, [companySetupCommands]],
  ['certificates', CertificatesModule, [certificateCommands, offlineCheckInCommands]],
  ['catalogue items', CatalogueItemsModule, [catalogueItemCommands]],
  ['data import', DataImportModule, [dataImportCommands]],
  ['notifications', NotificationsModule, [notificationCommands]],
  ['approval links', ApprovalLinksModule, [approvalLinkCommands]],
  ['personal data', PersonalDataModule, [personalDataCommands]],
  ['bills of quantity', BillsOfQuantityModule, [bqCommands]],
  ['BQ import and scans', BqImportExportModule, [bqImportExportCommands]],
  ['ongoing budgets', BudgetsModule, [budgetCommands]],
  ['progress plans', ProgressPlansModule, [progressPlanCommands]],
  [
    'tendering',
    TenderingModule,
    [
      tenderingCommands,
      tenderQueryCommands,
      tenderAddendaCommands,
      tenderAwardCommands,
      tenderAnalysisCommands,
      tendererCommands,
      tenderEmailInvitationCommands,
      requestTenderCommands,
      quotationAttachmentCommands,
      queryFileCommands,
    ],
  ],
  ['company files', CompanyFilesModule, [companyFileCommands]],
  ['platform configuration', PlatformConfigurationModule, [platformConfigurationCommands]],
  ['subscriptions', SubscriptionsModule, [subscriptionCommands]],
  ['cheque payments', ChequePaymentsModule, [chequePaymentCommands]],
  ['inventory', InventoryModule, [inventoryCommands]],
  ['vendor appraisals', VendorAppraisalsModule, [vendorAppraisalCommands]],
];

describe('commands through the CQRS CommandBus', () => {
  it.each(CONTEXTS)("%s: each command class has one handler, registered by the context's module", async (_, module, declared) => {
    const handlers = ((Reflect.getMetadata('providers', module) ?? []) as unknown[]).filter(isHandler);
    const commands = declared.flatMap(commandsIn);
    expect(commands.length).toBeGreaterThan(0);
    expect(handlers).toHaveLength(commands.length);
    const app = await Test.createTestingModule({ imports: [CqrsModule.forRoot()], providers: handlers })
      .useMocker(anything)
      .compile();
    await app.init();
    const bus = app.get(CommandBus);
    const unhandled: string[] = [];
    for (const command of commands) {
      // Empty arguments: a handler may refuse them; only "no handler" counts here.
      const outcome = await Promise.resolve()
        .then(() => bus.execute(new command() as Command<unknown>))
        .then(
          () => 'handled',
          (error: unknown) => (error instanceof CommandHandlerNotFoundException ? 'no handler' : 'handled'),
        );
      if (outcome !== 'handled') unhandled.push(command.name);
    }
    expect(unhandled).toEqual([]);
    await app.close();
  });

  it("a route sends its command through the bus to the service, and the service's refusal comes back out unchanged", async () => {
    const create = jest.fn<ProjectsService['create']>();
    const app = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      controllers: [ProjectsController],
      providers: [
        ...PROJECT_COMMAND_HANDLERS,
        { provide: ProjectsService, useValue: { create } },
        { provide: ProjectQueries, useValue: {} },
        { provide: ProjectSelectionService, useValue: {} },
        { provide: READ_MODELS, useValue: {} },
      ],
    }).compile();
    await app.init();
    const sent = jest.spyOn(app.get(CommandBus), 'execute');
    const controller = app.get(ProjectsController);
    const principal = { userId: 'u-1', companyId: 'c-1' } as Principal;
    const body = { name: 'Menara' };

    create.mockResolvedValueOnce({ success: true, id: 'p-1', revision: 0, status: 'new' });
    await expect(controller.create(body, { principal, method: 'POST', headers: {}, query: {} })).resolves.toEqual({
      success: true,
      id: 'p-1',
      revision: 0,
      status: 'new',
    });
    expect(sent).toHaveBeenCalledWith(expect.any(CreateProject));
    expect(create).toHaveBeenCalledWith(principal, body);

    const refused = refusal(409, 'projectCodeTaken', 'taken');
    create.mockRejectedValueOnce(refused);
    await expect(controller.create(body, { principal, method: 'POST', headers: {}, query: {} })).rejects.toBe(refused);
    await app.close();
  });

  it("the budget's and the progress plan's routes send the raw body, their handlers read it as the routes did, refusals unchanged", async () => {
    const change = jest.fn<Budgets['change']>();
    const start = jest.fn<Budgets['start']>();
    const plan = jest.fn<ProgressPlans['plan']>();
    const app = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      controllers: [BudgetsController, ProgressPlansController],
      providers: [
        ...BUDGET_COMMAND_HANDLERS,
        ...PROGRESS_PLAN_COMMAND_HANDLERS,
        { provide: Budgets, useValue: { change, start } },
        { provide: ProgressPlans, useValue: { plan } },
        { provide: READ_MODELS, useValue: {} },
      ],
    }).compile();
    await app.init();
    const sent = jest.spyOn(app.get(CommandBus), 'execute');
    const budgets = app.get(BudgetsController);
    const plans = app.get(ProgressPlansController);
    const principal = { userId: 'u-1', companyId: 'c-1' } as Principal;
    const request = { principal, method: 'POST', headers: {}, query: {} };
    const projectId = '6f1c2a8e-4b7d-4c1e-9a3f-2d5e8b7c6a10';
    const nodeId = '0b9e7d6c-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
    const refusedWith = (status: number, code: string) => expect.objectContaining({ name: 'Refused', status, code });

    change.mockResolvedValueOnce({ success: true, revision: 4, id: 'l-1' });
    await expect(budgets.addLine(projectId, { code: ' A1 ', description: 'Concrete', amount: '1200.5' }, '"3"', request)).resolves.toEqual({
      success: true,
      revision: 4,
      id: 'l-1',
    });
    expect(sent).toHaveBeenCalledWith(expect.any(AddBudgetLine));
    expect(change).toHaveBeenCalledWith(
      principal,
      projectId,
      { type: 'addLine', lineId: expect.any(String), values: { code: 'A1', description: 'Concrete', amount: '1200.50' } },
      3,
    );

    // The path's project is checked before the body's fields, the revision last: the same refusal wins as before the bus.
    await expect(Promise.resolve().then(() => budgets.addLine('not-a-project', { amount: 'x' }, undefined, request))).rejects.toEqual(
      refusedWith(404, 'budgetNotFound'),
    );
    await expect(
      Promise.resolve().then(() => budgets.addLine(projectId, { code: 'A1', description: 'Concrete', amount: '-1' }, undefined, request)),
    ).rejects.toEqual(refusedWith(400, 'validationFailed'));
    await expect(Promise.resolve().then(() => budgets.removeLine(projectId, 'l-1', undefined, request))).rejects.toEqual(
      refusedWith(428, 'revisionRequired'),
    );
    await expect(Promise.resolve().then(() => budgets.start('not-a-project', request))).rejects.toEqual(refusedWith(404, 'budgetNotFound'));
    expect(sent).toHaveBeenCalledWith(expect.any(StartBudget));
    expect(start).not.toHaveBeenCalled();
    expect(change).toHaveBeenCalledTimes(1);

    const refused = refusal(409, 'budgetTradeCodeTaken', 'taken');
    change.mockRejectedValueOnce(refused);
    await expect(budgets.updateLine(projectId, 'l-1', { code: 'a1' }, '"4"', request)).rejects.toBe(refused);

    plan.mockResolvedValueOnce({ success: true, revision: 7 });
    await expect(
      plans.plan(
        projectId,
        nodeId,
        { plannedStart: '2026-01-05', plannedEnd: '2026-02-01', percentComplete: '12.5', revision: 6 },
        undefined,
        request,
      ),
    ).resolves.toEqual({ success: true, revision: 7 });
    expect(sent).toHaveBeenCalledWith(expect.any(PlanProgressRow));
    expect(plan).toHaveBeenCalledWith(
      principal,
      projectId,
      { nodeId, dates: { plannedStart: '2026-01-05', plannedEnd: '2026-02-01' }, percentComplete: '12.50' },
      6,
    );
    await expect(Promise.resolve().then(() => plans.plan('not-a-project', 'not-a-row', {}, undefined, request))).rejects.toEqual(
      refusedWith(404, 'progressNodeNotFound'),
    );
    await expect(
      Promise.resolve().then(() => plans.plan(projectId, nodeId, { plannedStart: '2026-02-30' }, '"6"', request)),
    ).rejects.toEqual(refusedWith(400, 'validationFailed'));
    expect(plan).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
