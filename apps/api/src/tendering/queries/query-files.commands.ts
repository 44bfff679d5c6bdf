// The query board's file writes, sent through the CQRS CommandBus by QueryFilesController; a handler each
// hands them to QueryFilesService, where the checks and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import type { QueryFilePart } from './query-files.events.js';
import { QueryFilesService } from './query-files.service.js';

type Headers = Record<string, string | string[] | undefined>;

/** The asker attaches a file to its question, or the buyer to its answer (the request's body). */
export class AttachQueryFile extends Command<Resolved<QueryFilesService['attach']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly queryId: string,
    readonly part: QueryFilePart,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super();
  }
}

/** The same writer removes one of those files. */
export class RemoveQueryFile extends Command<Resolved<QueryFilesService['remove']>> {
  constructor(
    readonly principal: Principal,
    readonly tenderId: string,
    readonly queryId: string,
    readonly part: QueryFilePart,
    readonly attachmentId: string,
  ) {
    super();
  }
}

@CommandHandler(AttachQueryFile)
export class AttachQueryFileHandler implements ICommandHandler<AttachQueryFile> {
  constructor(private readonly files: QueryFilesService) {}
  execute({ principal, tenderId, queryId, part, body, headers }: AttachQueryFile) {
    return this.files.attach(principal, tenderId, queryId, part, body, headers);
  }
}

@CommandHandler(RemoveQueryFile)
export class RemoveQueryFileHandler implements ICommandHandler<RemoveQueryFile> {
  constructor(private readonly files: QueryFilesService) {}
  execute({ principal, tenderId, queryId, part, attachmentId }: RemoveQueryFile) {
    return this.files.remove(principal, tenderId, queryId, part, attachmentId);
  }
}

export const QUERY_FILE_COMMAND_HANDLERS = [AttachQueryFileHandler, RemoveQueryFileHandler];
