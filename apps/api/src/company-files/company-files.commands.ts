// A company's file changes, sent through the CQRS CommandBus by CompanyFilesController like every write; a
// handler each hands them to CompanyFilesService, where the checks and the decisions live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { CompanyFilesService } from './company-files.service.js';

type Headers = Record<string, string | string[] | undefined>;

/** A new document or the logo: the request's body is the file, its details in the query. */
export class UploadCompanyFile extends Command<Resolved<CompanyFilesService['upload']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
    readonly query: Record<string, unknown>,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super();
  }
}

/** A new version of a document's file. */
export class ReplaceCompanyFile extends Command<Resolved<CompanyFilesService['replace']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
    readonly documentId: string,
    readonly query: Record<string, unknown>,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super();
  }
}

/** Removes a document, with a reason. */
export class RemoveCompanyFile extends Command<Resolved<CompanyFilesService['remove']>> {
  constructor(
    readonly principal: Principal,
    readonly companyId: string,
    readonly documentId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(UploadCompanyFile)
export class UploadCompanyFileHandler implements ICommandHandler<UploadCompanyFile> {
  constructor(private readonly files: CompanyFilesService) {}
  execute({ principal, companyId, query, body, headers }: UploadCompanyFile) {
    return this.files.upload(principal, companyId, query, body, headers);
  }
}

@CommandHandler(ReplaceCompanyFile)
export class ReplaceCompanyFileHandler implements ICommandHandler<ReplaceCompanyFile> {
  constructor(private readonly files: CompanyFilesService) {}
  execute({ principal, companyId, documentId, query, body, headers }: ReplaceCompanyFile) {
    return this.files.replace(principal, companyId, documentId, query, body, headers);
  }
}

@CommandHandler(RemoveCompanyFile)
export class RemoveCompanyFileHandler implements ICommandHandler<RemoveCompanyFile> {
  constructor(private readonly files: CompanyFilesService) {}
  execute({ principal, companyId, documentId, body }: RemoveCompanyFile) {
    return this.files.remove(principal, companyId, documentId, body);
  }
}

export const COMPANY_FILE_COMMAND_HANDLERS = [UploadCompanyFileHandler, ReplaceCompanyFileHandler, RemoveCompanyFileHandler];
