// A handler per document command (the design card's @nestjs/cqrs). Each hands its command to the
// write model, DocumentCommands, which holds what the four share: the loaded state, the actor, the
// machine's decision, the append with its expected revision, the idempotent replies.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { bulkAct } from './document-bulk.js';
import { DocumentCommands } from './document-commands.service.js';
import { ActOnDocument, ActOnDocuments, CreateDocument, EditDocument } from './document.commands.js';

@CommandHandler(CreateDocument)
export class CreateDocumentHandler implements ICommandHandler<CreateDocument> {
  constructor(private readonly documents: DocumentCommands) {}
  execute({ resource, principal, body }: CreateDocument) {
    return this.documents.create(resource, principal, body);
  }
}

@CommandHandler(EditDocument)
export class EditDocumentHandler implements ICommandHandler<EditDocument> {
  constructor(private readonly documents: DocumentCommands) {}
  execute({ resource, id, principal, body, ifMatch }: EditDocument) {
    return this.documents.edit(resource, id, principal, body, ifMatch);
  }
}

@CommandHandler(ActOnDocument)
export class ActOnDocumentHandler implements ICommandHandler<ActOnDocument> {
  constructor(private readonly documents: DocumentCommands) {}
  execute({ resource, id, event, principal, body, ifMatch, idempotencyKey }: ActOnDocument) {
    return this.documents.act(resource, id, event, principal, body, ifMatch, idempotencyKey);
  }
}

@CommandHandler(ActOnDocuments)
export class ActOnDocumentsHandler implements ICommandHandler<ActOnDocuments> {
  constructor(private readonly documents: DocumentCommands) {}
  execute({ resource, event, principal, body }: ActOnDocuments) {
    return bulkAct(this.documents, resource, event, principal, body);
  }
}

export const DOCUMENT_COMMAND_HANDLERS = [CreateDocumentHandler, EditDocumentHandler, ActOnDocumentHandler, ActOnDocumentsHandler];
