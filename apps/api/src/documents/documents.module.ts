// The documents context: document streams run through the workflow machines, their read models,
// history, as-of replay and chain verification. Conventions: see the README ("Documents").
import { Module } from '@nestjs/common';
import { AccessModule } from '../access.module.js';
import { ApprovalTimersModule } from '../approval-timers/approval-timers.module.js';
import { PlatformConfigurationModule } from '../platform-configuration/platform-configuration.module.js';
import { ValueCaps } from '../subscriptions/value-caps.service.js';
import { SubscriptionStanding } from '../subscriptions/subscription-standing.service.js';
import { ApprovalQueue } from './approval-queue.js';
import { DocumentActors } from './document-actor.js';
import { DOCUMENT_COMMAND_HANDLERS } from './document-command.handlers.js';
import { DocumentCommands } from './document-commands.service.js';
import { DocumentDraws } from './document-draws.js';
import { ContractSums } from './document-variations.js';
import { DocumentHistory } from './document-history.js';
import { DocumentLoader } from './document-loader.js';
import { DocumentNumbers } from './document-numbers.js';
import { DocumentQueries } from './document-queries.service.js';
import { DocumentSides } from './document-sides.js';
import { DocumentTotals, DocumentTotalsController } from './document-totals.js';
import { DocumentsController } from './documents.controller.js';
import { MyActivity, MyActivityController } from './my-activity.js';
import { MyApprovals, MyApprovalsController } from './my-approvals.js';
import { VendorNumbers } from './vendor-numbers.js';
import { WorkflowsController } from './workflows.controller.js';
import { DocumentAuditBundles } from './document-audit-bundle.js';

@Module({
  imports: [AccessModule, PlatformConfigurationModule, ApprovalTimersModule],
  controllers: [DocumentsController, WorkflowsController, MyApprovalsController, MyActivityController, DocumentTotalsController],
  providers: [
    ...DOCUMENT_COMMAND_HANDLERS,
    ApprovalQueue,
    DocumentActors,
    DocumentAuditBundles,
    DocumentCommands,
    DocumentDraws,
    ContractSums,
    DocumentHistory,
    DocumentLoader,
    DocumentNumbers,
    DocumentQueries,
    DocumentSides,
    DocumentTotals,
    MyActivity,
    MyApprovals,
    VendorNumbers,
    ValueCaps,
    SubscriptionStanding,
  ],
})
export class DocumentsModule {}
