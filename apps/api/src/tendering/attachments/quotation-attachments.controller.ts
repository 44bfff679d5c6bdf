// A quotation's files (base /api/tendering): the seller attaches (the file is the body), lists, downloads
// and removes its own until the close; the buyer lists and downloads a seller's once the tender is closed.
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiFileUpload } from '../../files/file-upload.openapi.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { AttachQuotationFile, RemoveQuotationFile } from './quotation-attachments.commands.js';
import { QuotationAttachmentsService } from './quotation-attachments.service.js';

type Reply = { header(name: string, value: string): unknown };

export { ApiFileUpload };
const apply =
  (decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };

@ApiTags('tendering')
@Controller('tendering')
export class QuotationAttachmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly attachments: QuotationAttachmentsService,
  ) {}

  @Post('tenders/:tenderId/quotation/attachments')
  @HttpCode(201)
  @apply(ApiFileUpload())
  @ApiOperation({
    summary: 'An invited seller attaches a file to its quotation, from the open until the close time (50 MB a file, 1 GB in all)',
  })
  @ApiResponse({
    status: 201,
    description:
      '{ success, tenderId, revision, attachment: { attachmentId, name, mediaType, size, sha256, attachedAt, attachedBy, attachedByName } }',
  })
  @ApiRefusal(409, 'tenderClosed, tenderNotOpen, wrongExpectedRevision (two uploads at once: send again)')
  @ApiRefusal(413, "fileTooLarge (over 50 MB), attachmentsTotalTooLarge (the quotation's files over 1 GB)")
  @ApiRefusal(
    415,
    'attachmentExecutable (a program or script), attachmentTypeMismatch (the bytes are not the declared PDF / image / Office file), fileExpected, unsupportedMediaType',
  )
  attach(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AttachQuotationFile(request.principal!, tenderId, body, request.headers));
  }

  // It takes no body, yet Fastify still parses one sent (400 when it is not JSON).
  @ApiRefusal(400, 'a body sent that is not JSON (none is needed)')
  @Delete('tenders/:tenderId/quotation/attachments/:attachmentId')
  @ApiOperation({ summary: "An invited seller removes one of its quotation's files, until the close time" })
  @ApiResponse({ status: 200, description: '{ success, tenderId, attachmentId, revision }' })
  @ApiRefusal(409, 'tenderClosed, tenderNotOpen, wrongExpectedRevision')
  remove(@Param('tenderId') tenderId: string, @Param('attachmentId') attachmentId: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RemoveQuotationFile(request.principal!, tenderId, attachmentId));
  }

  @Get('tenders/:tenderId/quotations/:sellerCompanyId/attachments')
  @ApiOperation({ summary: "A quotation's files: the seller its own; the buyer once the tender is closed (sealed before: 409)" })
  @ApiResponse({
    status: 200,
    description:
      '{ success, tenderId, sellerCompanyId, totalSize, data: [{ attachmentId, name, mediaType, size, sha256, attachedAt, attachedBy, attachedByName }] }, oldest first',
  })
  @ApiRefusal(409, 'tenderSealed: the buyer, before the tender is closed')
  list(@Param('tenderId') tenderId: string, @Param('sellerCompanyId') sellerCompanyId: string, @Req() request: AuthenticatedRequest) {
    return this.attachments.list(request.principal!, tenderId, sellerCompanyId);
  }

  @Get('tenders/:tenderId/quotations/:sellerCompanyId/attachments/:attachmentId')
  @ApiProduces('application/octet-stream')
  @ApiOperation({ summary: "Downloads one of a quotation's files (always as an attachment), to the same readers as the list" })
  @ApiResponse({ status: 200, description: "The file's bytes with its media type and Content-Disposition: attachment" })
  @ApiRefusal(409, 'tenderSealed: the buyer, before the tender is closed')
  download(
    @Param('tenderId') tenderId: string,
    @Param('sellerCompanyId') sellerCompanyId: string,
    @Param('attachmentId') attachmentId: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    return this.attachments.download(request.principal!, tenderId, sellerCompanyId, attachmentId, reply);
  }
}
