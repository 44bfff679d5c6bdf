// The public contractor directory (anyone, no session) and the chosen company's switch that lists it there.
// The switch needs the company profile rights, declared for ModuleAccessGuard (and the OpenAPI document) and
// checked again by the service.
import { Body, Controller, Get, Inject, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ContractorDirectoryPage, DirectoryListingView } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { RequireAccessRight } from '../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../common/module-access.guard.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { contractorDirectory, directoryQuery } from './contractor-directory.js';
import { ChangeDirectoryListing } from './directory-listing.commands.js';
import { DirectoryListingService, LISTING_CHANGE_RIGHT, LISTING_VIEW_RIGHTS } from './directory-listing.service.js';

@ApiTags('companies')
@UseGuards(ModuleAccessGuard)
@Controller()
export class ContractorDirectoryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly listing: DirectoryListingService,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  @Public()
  @Get('public/contractors')
  @ApiOperation({
    summary:
      "Approved companies that chose to be listed, by name: ?trade=&state=&q=&after=&limit= (keyset pages: `next` is the following page's `after`)",
  })
  @ApiRefusal(400, 'validationFailed: a parameter is not one the directory offers (fields names which)')
  async contractors(
    @Query() raw: Record<string, unknown>,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<ContractorDirectoryPage> {
    const page = await contractorDirectory(this.db, directoryQuery(raw));
    reply.header('Cache-Control', 'public, max-age=30');
    return page;
  }

  @RequireAccessRight(LISTING_VIEW_RIGHTS)
  @Get('company/directory-listing')
  @ApiOperation({ summary: "The chosen company's place in the public contractor directory, and its last change (when, by whom, why)" })
  view(@Req() request: AuthenticatedRequest): Promise<DirectoryListingView> {
    return this.listing.view(request.principal!);
  }

  @RequireAccessRight(LISTING_CHANGE_RIGHT)
  @Put('company/directory-listing')
  @ApiOperation({ summary: 'List the chosen company in the public contractor directory, or take it off: { listed, reason }' })
  @ApiRefusal(422, 'noDirectoryTrade: the company offers no trade to be listed under')
  @ApiRefusal(409, 'wrongExpectedRevision: the company changed meanwhile; read it again')
  change(@Body() body: unknown, @Req() request: AuthenticatedRequest): Promise<DirectoryListingView> {
    return this.commands.execute(new ChangeDirectoryListing(request.principal!, body));
  }
}
