// Routes of the company profile: the chosen company's own (its profile rights, declared for ModuleAccessGuard
// and the OpenAPI document, checked again by the services) and another company's (the platform administrator
// reviewing it; a counterparty, as far as it is shared). Writes go through the CommandBus (profile.commands.ts).
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MACHINERY_READ_RIGHTS, type CompanyProfileView, type ProfileEntryPage, type ProfileHistoryPage } from '@binaan/contracts';
import { RequireAccessRight } from '../../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../../common/module-access.guard.js';
import type { AuthenticatedRequest } from '../../common/principal.js';
import type { HeaderReply } from '../../common/reply.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import {
  AddProfileEntry,
  ChangeProfileSharing,
  EditCompanyInformation,
  EditProfileEntry,
  ForgetProfilePerson,
  RemoveProfileEntry,
} from './profile.commands.js';
import { CompanyProfilePeopleService, type ProfilePersonExport } from './profile-people.service.js';
import { CompanyProfileService, PROFILE_CHANGE_RIGHT, PROFILE_VIEW_RIGHTS } from './profile.service.js';

@ApiTags('companies')
@UseGuards(ModuleAccessGuard)
@Controller('company')
export class CompanyProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly profiles: CompanyProfileService,
    private readonly people: CompanyProfilePeopleService,
  ) {}

  @RequireAccessRight(PROFILE_VIEW_RIGHTS)
  @Get('profile')
  @ApiOperation({
    summary:
      "The chosen company's profile: information, registration, shareholders and directors (identity numbers whole for its administrators), sharing, the cross-tab rules' problems",
  })
  async own(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply): Promise<CompanyProfileView> {
    const view = await this.profiles.own(request.principal!);
    reply.header('ETag', `"${view.revision}"`);
    return view;
  }

  @RequireAccessRight(PROFILE_CHANGE_RIGHT)
  @Put('profile/information')
  @ApiOperation({ summary: 'The company information tab: { description, paidUpCapital, authorisedCapital, dateIncorporated }' })
  @ApiRefusal(409, 'wrongExpectedRevision: If-Match names another revision; companyArchived')
  information(@Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new EditCompanyInformation(request.principal!, body, ifMatch));
  }

  @RequireAccessRight(PROFILE_CHANGE_RIGHT)
  @Put('profile/sharing')
  @ApiOperation({ summary: 'The tabs the company shares with other companies, and why: { tabs, reason }' })
  @ApiRefusal(409, 'wrongExpectedRevision; companyArchived')
  sharing(@Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ChangeProfileSharing(request.principal!, body, ifMatch));
  }

  @RequireAccessRight(PROFILE_VIEW_RIGHTS)
  @Get('profile/history')
  @ApiOperation({ summary: "The profile's changes, newest first: ?before= (the `next` of the page before)" })
  history(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest): Promise<ProfileHistoryPage> {
    return this.profiles.history(request.principal!, query);
  }

  @RequireAccessRight(PROFILE_VIEW_RIGHTS)
  @Get('profile/lists/:list')
  @ApiOperation({
    summary:
      "One page of a list (shareholders, directors, machinery, trackRecord) by name: ?q=&after=&limit= (keyset: `next` is the following page's `after`)",
  })
  ownEntries(
    @Param('list') list: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
  ): Promise<ProfileEntryPage> {
    return this.profiles.entries(request.principal!, null, list, query);
  }

  @RequireAccessRight(MACHINERY_READ_RIGHTS)
  @Get('machinery')
  @ApiOperation({
    summary:
      "The chosen company's machinery for a line's picker (profile rights, or procurement.update to raise a machine request): ?q=&after=&limit=, by brand and model, keyset pages",
  })
  machinery(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest): Promise<ProfileEntryPage<'machinery'>> {
    return this.profiles.machinery(request.principal!, query);
  }

  @RequireAccessRight(PROFILE_CHANGE_RIGHT)
  @Post('profile/lists/:list')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add an entry to a list: its fields (company-profile-api.ts ProfileEntryInput)' })
  @ApiRefusal(422, 'sharesOverHundred: the shares would total more than 100 percent; tooManyPeople')
  @ApiRefusal(409, 'wrongExpectedRevision: the profile changed meanwhile; companyArchived')
  add(@Param('list') list: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AddProfileEntry(request.principal!, list, body));
  }

  @RequireAccessRight(PROFILE_CHANGE_RIGHT)
  @Put('profile/lists/:list/:entryId')
  @ApiOperation({ summary: 'Change an entry: all its fields' })
  @ApiRefusal(422, 'sharesOverHundred')
  @ApiRefusal(409, 'wrongExpectedRevision; companyArchived')
  edit(
    @Param('list') list: string,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EditProfileEntry(request.principal!, list, entryId, body, ifMatch));
  }

  @RequireAccessRight(PROFILE_CHANGE_RIGHT)
  @Post('profile/lists/:list/:entryId/actions/Remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove an entry, saying why: { reason }' })
  @ApiRefusal(409, 'wrongExpectedRevision; companyArchived')
  remove(
    @Param('list') list: string,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new RemoveProfileEntry(request.principal!, list, entryId, body, ifMatch));
  }

  @RequireAccessRight(PROFILE_CHANGE_RIGHT)
  @Get('profile/people/:entryId/personal-data')
  @ApiOperation({
    summary: "Everything held about a shareholder or director of the chosen company, as one JSON file (the company's administrators)",
  })
  ownPersonExport(@Param('entryId') entryId: string, @Req() request: AuthenticatedRequest): Promise<ProfilePersonExport> {
    return this.people.export(request.principal!, null, entryId);
  }

  @Get('profiles/:companyId')
  @ApiOperation({
    summary:
      "Another company's profile: every tab for the platform administrator (identity numbers masked), the shared tabs of an approved company for anyone else",
  })
  other(@Param('companyId') companyId: string, @Req() request: AuthenticatedRequest): Promise<CompanyProfileView> {
    return this.profiles.ofCompany(request.principal!, companyId);
  }

  @Get('profiles/:companyId/lists/:list')
  @ApiOperation({ summary: "One page of another company's list, when it is shared (or for the platform administrator): ?q=&after=&limit=" })
  otherEntries(
    @Param('companyId') companyId: string,
    @Param('list') list: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
  ): Promise<ProfileEntryPage> {
    return this.profiles.entries(request.principal!, companyId, list, query);
  }

  @Get('profiles/:companyId/people/:entryId/personal-data')
  @ApiOperation({ summary: "Everything held about a company's shareholder or director (the platform administrator)" })
  personExport(
    @Param('companyId') companyId: string,
    @Param('entryId') entryId: string,
    @Req() request: AuthenticatedRequest,
  ): Promise<ProfilePersonExport> {
    return this.people.export(request.principal!, companyId, entryId);
  }

  @Post('profiles/:companyId/people/:entryId/forget')
  @HttpCode(200)
  @ApiOperation({ summary: "Forget a company's shareholder or director (the platform administrator, on the person's request): { reason }" })
  forget(
    @Param('companyId') companyId: string,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ForgetProfilePerson(request.principal!, companyId, entryId, body));
  }
}
