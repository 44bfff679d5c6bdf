// A company's files (base /api/company-files): its profile editors upload (the file is the body), replace
// and remove; its profile readers and the platform administrator list and download.
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ApiFileUpload } from '../files/file-upload.openapi.js';
import { RemoveCompanyFile, ReplaceCompanyFile, UploadCompanyFile } from './company-files.commands.js';
import { CompanyFilesService } from './company-files.service.js';

type Reply = { header(name: string, value: string): unknown };
const apply =
  (decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };
const DATES = [
  ApiQuery({ name: 'referenceNo', required: false, description: "The document's number (at most 100 characters)" }),
  ApiQuery({ name: 'issuedOn', required: false, description: 'YYYY-MM-DD' }),
  ApiQuery({ name: 'expiresOn', required: false, description: 'YYYY-MM-DD, not before issuedOn; a reminder goes a month before' }),
];
const FILE_REFUSALS = [
  ApiRefusal(413, "fileTooLarge (a document over 50 MB, a logo over 2 MB), companyFilesTotalTooLarge (the company's files over 1 GB)"),
  ApiRefusal(
    415,
    'companyFileTypeNotAllowed (a logo: PNG, JPEG, WebP; a document: PDF, image, Word, Excel), attachmentExecutable, attachmentTypeMismatch, fileExpected, unsupportedMediaType',
  ),
];

@ApiTags('company files')
@Controller('company-files')
export class CompanyFilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly files: CompanyFilesService,
  ) {}

  @Post(':companyId')
  @HttpCode(201)
  @apply([
    ...ApiFileUpload(),
    ApiQuery({ name: 'category', required: true, description: 'logo, registrationCertificate, ssmForm24, ... (COMPANY_FILE_CATEGORIES)' }),
    ApiQuery({ name: 'title', required: false }),
    ...DATES,
    ...FILE_REFUSALS,
  ])
  @ApiOperation({ summary: 'The chosen company adds its logo or a document (administration.companyProfile.update)' })
  @ApiResponse({ status: 201, description: '{ success, companyId, documentId, revision }' })
  @ApiRefusal(409, 'companyLogoExists (replace the logo instead), wrongExpectedRevision (two uploads at once: send again)')
  @ApiRefusal(422, 'companyFilesTooMany')
  upload(
    @Param('companyId') companyId: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new UploadCompanyFile(request.principal!, companyId, query, body, request.headers));
  }

  @Post(':companyId/:documentId/versions')
  @HttpCode(201)
  @apply([...ApiFileUpload(), ...DATES, ...FILE_REFUSALS])
  @ApiOperation({ summary: "A new version of a document's file, with its new number and dates; the old version stays in the history" })
  @ApiResponse({ status: 201, description: '{ success, companyId, documentId, version, revision }' })
  @ApiRefusal(409, 'companyFileRemoved, wrongExpectedRevision')
  replace(
    @Param('companyId') companyId: string,
    @Param('documentId') documentId: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ReplaceCompanyFile(request.principal!, companyId, documentId, query, body, request.headers));
  }

  @Post(':companyId/:documentId/actions/Remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes a document with a reason `{ reason }` (its history and versions stay)' })
  @ApiResponse({ status: 200, description: '{ success, companyId, documentId, revision }' })
  @ApiRefusal(409, 'companyFileRemoved (removed already), wrongExpectedRevision')
  remove(
    @Param('companyId') companyId: string,
    @Param('documentId') documentId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new RemoveCompanyFile(request.principal!, companyId, documentId, body));
  }

  @Get(':companyId')
  @ApiOperation({
    summary:
      "A company's logo and documents with their versions and history: its people with the profile rights, or the platform administrator",
  })
  @ApiResponse({
    status: 200,
    description: 'CompanyFilesReply: { success, companyId, totalSize, totalLimit, logo, documents, removed, canChange, revision }',
  })
  list(@Param('companyId') companyId: string, @Req() request: AuthenticatedRequest) {
    return this.files.list(request.principal!, companyId);
  }

  @Get(':companyId/:documentId/versions/:version')
  @ApiProduces('application/octet-stream')
  @ApiOperation({ summary: "Downloads one version of a company's file (always as an attachment), to the same readers as the list" })
  @ApiResponse({ status: 200, description: "The file's bytes with its media type and Content-Disposition: attachment" })
  download(
    @Param('companyId') companyId: string,
    @Param('documentId') documentId: string,
    @Param('version') version: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    return this.files.download(request.principal!, companyId, documentId, version, reply);
  }
}
