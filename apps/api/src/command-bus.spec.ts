// Issue 16 point 4: every context's writes go through the CQRS CommandBus. For each context, every command
// class it declares reaches a handler that its own Nest module registers (the real explorer and bus, the
// handlers' services mocked), and a route's command runs its service through the bus, refusals unchanged.
import { describe, expect, it, jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { Command, CommandBus, CommandHandlerNotFoundException, CqrsModule } from '@nestjs/cqrs';
import type { Principal } from './common/principal.js';
import { refusal } from './common/refusal.js';
import { AccessModule } from './access.module.js';
import { AuthorityModule } from './authority/authority.module.js';
import * as authorityCommands from './authority/authority.commands.js';
import { BillsOfQuantityModule } from './bills-of-quantity/bills-of-quantity.module.js';
import * as bqCommands from './bills-of-quantity/bq.commands.js';
import * as bqImportExportCommands from './bills-of-quantity/bq-import-export.commands.js';
import { BqImportExportModule } from './bills-of-quantity/bq-import-export.module.js';
import * as certificateCommands from './certificates/certificates.commands.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import * as companyCommands from './companies/companies.commands.js';
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
import { READ_MODELS } from './common/principal.js';
import * as tenderingCommands from './tendering/tendering.commands.js';
import { TenderingModule } from './tendering/tendering.module.js';

type Constructor = new (...args: never[]) => unknown;

// @CommandHandler's mark on a handler class (@nestjs/cqrs's COMMAND_HANDLER_METADATA, not exported by the package).
const isHandler = (provider: unknown): provider is Constructor => typeof provider === 'function' && Reflect.getMetadata('__commandHandler__', provider) !== undefined;
const commandsIn = (declared: Record<string, unknown>) =>
  Object.values(declared).filter((value): value is Constructor => typeof value === 'function' && value.prototype instanceof Command);
/** Any dependency a handler asks for: an object whose every method resolves to nothing. */
const anything = () => new Proxy({}, { get: (_, key) => (key === 'then' ? undefined : () => Promise.resolve(undefined)) });

const CONTEXTS: [string, object, Record<string, unknown>[]][] = [
  ['documents', DocumentsModule, [documentCommands]],
  ['projects', ProjectsModule, [projectCommands]],
  ['authority', AuthorityModule, [authorityCommands]],
  ['identity and companies', AccessModule, [identityCommands, companyCommands]],
  ['certificates', CertificatesModule, [certificateCommands]],
  ['notifications', NotificationsModule, [notificationCommands]],
  ['personal data', PersonalDataModule, [personalDataCommands]],
  ['bills of quantity', BillsOfQuantityModule, [bqCommands]],
  ['BQ import and scans', BqImportExportModule, [bqImportExportCommands]],
  ['tendering', TenderingModule, [tenderingCommands]],
];

describe('commands through the CQRS CommandBus', () => {
  it.each(CONTEXTS)('%s: each command class has one handler, registered by the context\'s module', async (_, module, declared) => {
    const handlers = ((Reflect.getMetadata('providers', module) ?? []) as unknown[]).filter(isHandler);
    const commands = declared.flatMap(commandsIn);
    expect(commands.length).toBeGreaterThan(0);
    expect(handlers).toHaveLength(commands.length);
    const app = await Test.createTestingModule({ imports: [CqrsModule.forRoot()], providers: handlers }).useMocker(anything).compile();
    await app.init();
    const bus = app.get(CommandBus);
    const unhandled: string[] = [];
    for (const command of commands) {
      // Empty arguments: a handler may refuse them; only "no handler" counts here.
      const outcome = await Promise.resolve()
        .then(() => bus.execute(new command() as Command<unknown>))
        .then(() => 'handled', (error: unknown) => (error instanceof CommandHandlerNotFoundException ? 'no handler' : 'handled'));
      if (outcome !== 'handled') unhandled.push(command.name);
    }
    expect(unhandled).toEqual([]);
    await app.close();
  });

  it('a route sends its command through the bus to the service, and the service\'s refusal comes back out unchanged', async () => {
    const create = jest.fn<ProjectsService['create']>();
    const app = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      controllers: [ProjectsController],
      providers: [...PROJECT_COMMAND_HANDLERS, { provide: ProjectsService, useValue: { create } }, { provide: ProjectQueries, useValue: {} }, { provide: ProjectSelectionService, useValue: {} }, { provide: READ_MODELS, useValue: {} }],
    }).compile();
    await app.init();
    const sent = jest.spyOn(app.get(CommandBus), 'execute');
    const controller = app.get(ProjectsController);
    const principal = { userId: 'u-1', companyId: 'c-1' } as Principal;
    const body = { name: 'Menara' };

    create.mockResolvedValueOnce({ success: true, id: 'p-1', revision: 0, status: 'new' });
    await expect(controller.create(body, { principal, method: 'POST', headers: {}, query: {} })).resolves.toEqual({ success: true, id: 'p-1', revision: 0, status: 'new' });
    expect(sent).toHaveBeenCalledWith(expect.any(CreateProject));
    expect(create).toHaveBeenCalledWith(principal, body);

    const refused = refusal(409, 'projectCodeTaken', 'taken');
    create.mockRejectedValueOnce(refused);
    await expect(controller.create(body, { principal, method: 'POST', headers: {}, query: {} })).rejects.toBe(refused);
    await app.close();
  });
});
