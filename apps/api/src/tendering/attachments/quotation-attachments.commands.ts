// The quotation files' writes, sent through the CQRS CommandBus by QuotationAttachmentsController; a
// handler each hands them to QuotationAttachmentsService, where the checks and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { QuotationAttachmentsService } from './quotation-attachments.service.js';

type Headers = Record<string, string | string[] | undefined>;

/** An invited seller attaches a file (the request's body) to its quotation. */
export class AttachQuotationFile extends Command<Resolved<QuotationAttachmentsService['attach']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super();
  }
}

/** An invited seller removes one of its quotation's files. */
export class RemoveQuotationFile extends Command<Resolved<QuotationAttachmentsService['remove']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly attachmentId: string,
  ) {
    super();
  }
}

@CommandHandler(AttachQuotationFile)
export class AttachQuotationFileHandler implements ICommandHandler<AttachQuotationFile> {
  constructor(private readonly attachments: QuotationAttachmentsService) {}
  execute({ principal, tenderId, body, headers }: AttachQuotationFile) {
    return this.attachments.attach(principal, tenderId, body, headers);
  }
}

@CommandHandler(RemoveQuotationFile)
export class RemoveQuotationFileHandler implements ICommandHandler<RemoveQuotationFile> {
  constructor(private readonly attachments: QuotationAttachmentsService) {}
  execute({ principal, tenderId, attachmentId }: RemoveQuotationFile) {
    return this.attachments.remove(principal, tenderId, attachmentId);
  }
}

export const QUOTATION_ATTACHMENT_COMMAND_HANDLERS = [AttachQuotationFileHandler, RemoveQuotationFileHandler];
