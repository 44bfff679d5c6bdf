// The tendering context: invitations to a tender and sealed quotations, beside the `tender` document.
// Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { ANALYSIS_COMMAND_HANDLERS } from './analysis/analysis.commands.js';
import { AnalysisController } from './analysis/analysis.controller.js';
import { AnalysisService } from './analysis/analysis.service.js';
import { AwardTenderHandler } from './award/award.commands.js';
import { AwardController } from './award/award.controller.js';
import { AwardService } from './award/award.service.js';
import { InvitationAllowanceService } from './allowance/invitation-allowance.service.js';
import { SubscriptionStanding } from '../subscriptions/subscription-standing.service.js';
import { PlatformConfigurationModule } from '../platform-configuration/platform-configuration.module.js';
import { ContractAwardReactor } from './award/contract-award.reactor.js';
import { ComparisonController } from './comparison/comparison.controller.js';
import { ComparisonService } from './comparison/comparison.service.js';
import { TENDERING_COMMAND_HANDLERS } from './tendering-command.handlers.js';
import { TenderingController } from './tendering.controller.js';
import { TenderingService } from './tendering.service.js';
import { TenderCloseJob } from './close/tender-close.job.js';
import { TENDER_QUERY_COMMAND_HANDLERS } from './queries/tender-queries.commands.js';
import { TenderQueriesController } from './queries/tender-queries.controller.js';
import { TenderQueriesService } from './queries/tender-queries.service.js';
import { TENDER_ADDENDA_COMMAND_HANDLERS } from './addenda/tender-addenda.commands.js';
import { TenderAddendaController } from './addenda/tender-addenda.controller.js';
import { TenderAddendaService } from './addenda/tender-addenda.service.js';
import { EMAIL_INVITATION_COMMAND_HANDLERS } from './email-invitations/email-invitations.commands.js';
import { EmailInvitationsController } from './email-invitations/email-invitations.controller.js';
import { EmailInvitationsService } from './email-invitations/email-invitations.service.js';
import { EmailInvitationTakeUpReactor } from './email-invitations/email-invitation-take-up.reactor.js';
import { TENDERER_COMMAND_HANDLERS } from './tenderers/tenderers.commands.js';
import { TenderersController } from './tenderers/tenderers.controller.js';
import { TenderersService } from './tenderers/tenderers.service.js';
import { MakeTenderFromBqHandler, MakeTenderFromRequestHandler } from './requests/request-tender.commands.js';
import { RequestTenderController } from './requests/request-tender.controller.js';
import { RequestTenderService } from './requests/request-tender.service.js';
import { QUOTATION_ATTACHMENT_COMMAND_HANDLERS } from './attachments/quotation-attachments.commands.js';
import { QuotationAttachmentsController } from './attachments/quotation-attachments.controller.js';
import { QuotationAttachmentsService } from './attachments/quotation-attachments.service.js';
import { QUERY_FILE_COMMAND_HANDLERS } from './queries/query-files.commands.js';
import { QueryFilesController } from './queries/query-files.controller.js';
import { QueryFilesService } from './queries/query-files.service.js';
import { StorageCap } from '../subscriptions/storage/storage-cap.service.js';

@Module({
  imports: [PlatformConfigurationModule],
  controllers: [
    TenderingController,
    TenderQueriesController,
    TenderAddendaController,
    ComparisonController,
    AwardController,
    AnalysisController,
    TenderersController,
    EmailInvitationsController,
    RequestTenderController,
    QuotationAttachmentsController,
    QueryFilesController,
  ],
  providers: [
    ...TENDERING_COMMAND_HANDLERS,
    TenderingService,
    InvitationAllowanceService,
    SubscriptionStanding,
    TenderCloseJob,
    ...TENDER_QUERY_COMMAND_HANDLERS,
    TenderQueriesService,
    ...TENDER_ADDENDA_COMMAND_HANDLERS,
    TenderAddendaService,
    AwardTenderHandler,
    ...ANALYSIS_COMMAND_HANDLERS,
    ComparisonService,
    AwardService,
    ContractAwardReactor,
    AnalysisService,
    ...TENDERER_COMMAND_HANDLERS,
    TenderersService,
    ...EMAIL_INVITATION_COMMAND_HANDLERS,
    EmailInvitationsService,
    EmailInvitationTakeUpReactor,
    MakeTenderFromRequestHandler,
    MakeTenderFromBqHandler,
    RequestTenderService,
    ...QUOTATION_ATTACHMENT_COMMAND_HANDLERS,
    QuotationAttachmentsService,
    ...QUERY_FILE_COMMAND_HANDLERS,
    QueryFilesService,
    StorageCap,
  ],
})
export class TenderingModule {}
