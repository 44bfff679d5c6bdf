// The query board's routes (base /api/tendering): an invited seller asks, the buyer answers to every
// invitee, both read the board (the asker named to the buyer only). Writes go through the CommandBus.
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { AnswerTenderQuery, AskTenderQuery } from './tender-queries.commands.js';
import { TenderQueriesService } from './tender-queries.service.js';

@ApiTags('tendering')
@Controller('tendering')
export class TenderQueriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: TenderQueriesService,
  ) {}

  @Post('tenders/:tenderId/queries')
  @HttpCode(201)
  @ApiOperation({ summary: 'An invited seller asks a question: { question } (1 to 4000 characters), until the close' })
  @ApiRefusal(
    409,
    'tenderClosed (closed, cancelled or past its close time), wrongExpectedRevision (asked at the same moment as another: ask again)',
  )
  ask(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AskTenderQuery(request.principal!, tenderId, body));
  }

  @Post('tenders/:tenderId/queries/:queryId/answer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The buyer (level 10 on tender) answers a question: { answer }, published to every invitee without naming who asked',
  })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(409, 'queryAlreadyAnswered, tenderClosed, wrongExpectedRevision')
  answer(
    @Param('tenderId') tenderId: string,
    @Param('queryId') queryId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new AnswerTenderQuery(request.principal!, tenderId, queryId, body));
  }

  @Get('tenders/:tenderId/queries')
  @ApiOperation({
    summary:
      'The board, oldest first, ?range=[0,49]: the buyer every question with who asked; an invitee the answered ones and its own (own: true), never who asked',
  })
  @ApiRefusal(400, 'validationFailed: a bad range or an unknown parameter')
  list(@Param('tenderId') tenderId: string, @Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.queries.list(request.principal!, tenderId, query);
  }
}
