// Routes of the company's terms and agreements (base /api/company-terms): the versions and who accepted them
// (terms right), publishing one (terms update), and for every member the version to accept and the acceptance,
// reachable while the acceptance is due (the session's restriction lets only these through).
import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AllowCompanyTermsPending } from '../common/public.decorator.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { AcceptCompanyTerms, PublishCompanyTerms } from './company-setups.commands.js';
import { CompanyTermsService } from './company-terms.service.js';

@ApiTags('company-setups')
@Controller('company-terms')
export class CompanyTermsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly terms: CompanyTermsService,
  ) {}

  @Get('versions')
  @ApiOperation({ summary: 'Published versions, newest first, with how many accepted each: ?range=[0,9]; Content-Range' })
  @ApiRefusal(400, 'validationFailed: the range is not [from, to]')
  async versions(@Query('range') range: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const page = await this.terms.versions(request.principal!, range);
    const { rows, total } = page;
    reply.header(
      'Content-Range',
      rows.length === 0 ? `versions */${total}` : `versions ${page.range.from}-${page.range.from + rows.length - 1}/${total}`,
    );
    reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return rows;
  }

  @Get('versions/:version/acceptances')
  @ApiOperation({ summary: 'Who accepted a version, and when, earliest first: ?range=[0,24]; { rows, more }' })
  @ApiRefusal(400, 'validationFailed: the version is not a whole number, or the range is not [from, to]')
  acceptances(@Param('version', ParseIntPipe) version: number, @Query('range') range: unknown, @Req() request: AuthenticatedRequest) {
    return this.terms.acceptances(request.principal!, version, range);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Publish a new version: { title, contents, reason? }; every other member accepts it at their next company choice',
  })
  @ApiRefusal(400, 'validationFailed with fields')
  publish(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new PublishCompanyTerms(request.principal!, body));
  }

  @AllowCompanyTermsPending()
  @Get('to-accept')
  @ApiOperation({
    summary:
      "The chosen company's terms the caller must accept before working there: { data: { version, title, contents, publishedAt } | null }",
  })
  toAccept(@Req() request: AuthenticatedRequest) {
    return this.terms.toAccept(request.principal!);
  }

  @AllowCompanyTermsPending()
  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept the version shown: { version }' })
  @ApiRefusal(400, 'validationFailed')
  @ApiRefusal(409, 'companyTermsVersionStale: a newer version was published since')
  accept(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AcceptCompanyTerms(request.principal!, body));
  }
}
