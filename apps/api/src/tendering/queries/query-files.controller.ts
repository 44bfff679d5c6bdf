// Files on the query board (base /api/tendering): the asking seller's on its question (seen by the buyer
// only), the buyer's on its answer (seen by every invitee). Writes go through the CommandBus.
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { ApiFileUpload } from '../attachments/quotation-attachments.controller.js';
import { AttachQueryFile, RemoveQueryFile } from './query-files.commands.js';
import { QueryFilesService } from './query-files.service.js';

type Reply = { header(name: string, value: string): unknown };
const apply =
  (decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };
const ATTACHED =
  '{ success, tenderId, queryId, part, revision, attachment: { attachmentId, name, mediaType, size, sha256, attachedAt, attachedBy, attachedByName } }';
const FILE_REFUSALS = [
  ApiRefusal(413, "fileTooLarge (over 50 MB), attachmentsTotalTooLarge (the question's files over 1 GB)"),
  ApiRefusal(415, 'attachmentExecutable, attachmentTypeMismatch, fileExpected, unsupportedMediaType'),
];

@ApiTags('tendering')
@Controller('tendering')
export class QueryFilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly files: QueryFilesService,
  ) {}

  @Post('tenders/:tenderId/queries/:queryId/attachments')
  @HttpCode(201)
  @apply([...ApiFileUpload(), ...FILE_REFUSALS])
  @ApiOperation({
    summary: 'The asking seller attaches a file to its question (seen by the buyer only), until it is answered or the close',
  })
  @ApiResponse({ status: 201, description: ATTACHED })
  @ApiRefusal(409, 'tenderClosed, queryAlreadyAnswered, wrongExpectedRevision')
  attachToQuestion(
    @Param('tenderId') tenderId: string,
    @Param('queryId') queryId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new AttachQueryFile(request.principal!, tenderId, queryId, 'question', body, request.headers));
  }

  @Post('tenders/:tenderId/queries/:queryId/answer/attachments')
  @HttpCode(201)
  @apply([...ApiFileUpload(), ...FILE_REFUSALS])
  @ApiOperation({
    summary: 'The buyer (level 10 on tender) attaches a file to its answer (seen by every invitee), once answered, until the close',
  })
  @ApiResponse({ status: 201, description: ATTACHED })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(409, 'tenderClosed, queryNotAnswered, wrongExpectedRevision')
  attachToAnswer(
    @Param('tenderId') tenderId: string,
    @Param('queryId') queryId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new AttachQueryFile(request.principal!, tenderId, queryId, 'answer', body, request.headers));
  }

  // It takes no body, yet Fastify still parses one sent (400 when it is not JSON).
  @ApiRefusal(400, 'a body sent that is not JSON (none is needed)')
  @Delete('tenders/:tenderId/queries/:queryId/attachments/:attachmentId')
  @ApiOperation({ summary: 'The asking seller removes a file of its question, until it is answered or the close' })
  @ApiResponse({ status: 200, description: '{ success, tenderId, queryId, attachmentId, revision }' })
  @ApiRefusal(409, 'tenderClosed, queryAlreadyAnswered, wrongExpectedRevision')
  removeFromQuestion(
    @Param('tenderId') tenderId: string,
    @Param('queryId') queryId: string,
    @Param('attachmentId') attachmentId: string,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new RemoveQueryFile(request.principal!, tenderId, queryId, 'question', attachmentId));
  }

  // It takes no body, yet Fastify still parses one sent (400 when it is not JSON).
  @ApiRefusal(400, 'a body sent that is not JSON (none is needed)')
  @Delete('tenders/:tenderId/queries/:queryId/answer/attachments/:attachmentId')
  @ApiOperation({ summary: 'The buyer (level 10 on tender) removes a file of its answer, until the close' })
  @ApiResponse({ status: 200, description: '{ success, tenderId, queryId, attachmentId, revision }' })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(409, 'tenderClosed, queryNotAnswered, wrongExpectedRevision')
  removeFromAnswer(
    @Param('tenderId') tenderId: string,
    @Param('queryId') queryId: string,
    @Param('attachmentId') attachmentId: string,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new RemoveQueryFile(request.principal!, tenderId, queryId, 'answer', attachmentId));
  }

  @Get('tenders/:tenderId/queries/:queryId/attachments')
  @ApiOperation({
    summary: "A question's files: the buyer and the asker see the question's and the answer's; another invitee the answer's, once answered",
  })
  @ApiResponse({
    status: 200,
    description:
      '{ success, tenderId, queryId, question: [files], answer: [files] }, each file { attachmentId, name, mediaType, size, sha256, attachedAt, attachedBy, attachedByName }',
  })
  list(@Param('tenderId') tenderId: string, @Param('queryId') queryId: string, @Req() request: AuthenticatedRequest) {
    return this.files.list(request.principal!, tenderId, queryId);
  }

  @Get('tenders/:tenderId/queries/:queryId/attachments/:attachmentId')
  @ApiProduces('application/octet-stream')
  @ApiOperation({ summary: "Downloads one of a question's files (always as an attachment), to the same readers as the list" })
  @ApiResponse({ status: 200, description: "The file's bytes with its media type and Content-Disposition: attachment" })
  download(
    @Param('tenderId') tenderId: string,
    @Param('queryId') queryId: string,
    @Param('attachmentId') attachmentId: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    return this.files.download(request.principal!, tenderId, queryId, attachmentId, reply);
  }
}
