// Routes of a company joining (registration, submission, the platform's review) and of keeping its people
// and roles. Writes go through the CommandBus (company-admin.commands.ts); lists answer in
// ra-data-simple-rest form with Content-Range (and X-Total-Capped when the count stopped at its cap).
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { CompanyMemberRow, CompanyRegistrationRow, CompanyRoleRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import {
  ActOnCompanyMember, ActOnCompanyRegistration, ActOnMemberRole, DefineCompanyRole, EditCompanyRegistration, GiveMemberRole, InviteCompanyMember, RegisterCompany,
  RetireCompanyRole, SetMemberSiteTeam,
} from './company-admin.commands.js';
import { companyInvitation } from './company-invitation-lookup.js';
import { companyMembersList } from './company-members-list.js';
import { CompanyPeopleService, MEMBER_EVENTS, ROLE_EVENTS } from './company-people.service.js';
import { CompanyRegistrationService, SUBMISSION_EVENTS } from './company-registration.service.js';
import { CompanyRolesService } from './company-roles.service.js';
import { ApiPathValues } from '../openapi/path-values.decorators.js';

type HeaderReply = { header(name: string, value: string): unknown };

function listed<T>(reply: HeaderReply, name: string, page: { rows: T[]; total: number; capped: boolean; range: { from: number } }): T[] {
  const { rows, range, total } = page;
  reply.header('Content-Range', rows.length === 0 ? `${name} */${total}` : `${name} ${range.from}-${range.from + rows.length - 1}/${total}`);
  if (page.capped) reply.header('X-Total-Capped', 'true');
  reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
  return rows;
}

@ApiTags('companies')
@Controller('company')
export class CompanyAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly registrations: CompanyRegistrationService,
    private readonly people: CompanyPeopleService,
    private readonly roles: CompanyRolesService,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** Register a company: any signed-in person, with or without companies; they become its administrator. */
  @Post('registrations')
  @HttpCode(201)
  register(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RegisterCompany(request.principal!, body));
  }

  /** The platform administrator's review queue: ?filter={"status":"submitted","q":"..."}&sort=["submittedAt","ASC"]. */
  @Get('registrations')
  async registrationList(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply): Promise<CompanyRegistrationRow[]> {
    return listed(reply, 'registrations', await this.registrations.list(request.principal!, query));
  }

  @Get('registrations/:id')
  async registration(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const view = await this.registrations.view(request.principal!, id);
    reply.header('ETag', `"${view.data.revision}"`);
    return view;
  }

  @Put('registrations/:id')
  edit(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new EditCompanyRegistration(request.principal!, id, body, ifMatch));
  }

  /** Submit (the company), Approve or Reject (a platform administrator; Reject with a remark). */
  @Post('registrations/:id/actions/:event')
  @ApiPathValues('event', SUBMISSION_EVENTS, 'What is done with the registration')
  @HttpCode(200)
  act(@Param('id') id: string, @Param('event') event: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnCompanyRegistration(request.principal!, id, event, body, ifMatch));
  }

  /** What a company invitation's sign-up link is (public: the person has no account yet). */
  @Public()
  @Get('invitations/:id')
  invitation(@Param('id') id: string) {
    return companyInvitation(this.db, id);
  }

  /** The chosen company's users of one status: ?filter={"status":"active"|"pending"|...,"q":"..."}&sort=["name","ASC"]. */
  @Get('users')
  async users(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply): Promise<CompanyMemberRow[]> {
    const principal = request.principal!;
    const companyId = companyOf(principal, 'administration.users.view', 'administration.users.update', 'administration.users.approve');
    return listed(reply, 'users', await companyMembersList(this.db, principal, companyId, query));
  }

  @Post('users/invite')
  @HttpCode(201)
  invite(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new InviteCompanyMember(request.principal!, body));
  }

  @Post('users/:id/actions/:event')
  @ApiPathValues('event', MEMBER_EVENTS, 'What is done with the member')
  @HttpCode(200)
  memberAct(@Param('id') id: string, @Param('event') event: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnCompanyMember(request.principal!, id, event, body, ifMatch));
  }

  @Post('users/:id/roles')
  @HttpCode(200)
  giveRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new GiveMemberRole(request.principal!, id, body));
  }

  @Post('users/:id/roles/:roleId/actions/:event')
  @ApiPathValues('event', ROLE_EVENTS, 'What is done with the role held')
  @HttpCode(200)
  roleAct(@Param('id') id: string, @Param('roleId') roleId: string, @Param('event') event: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnMemberRole(request.principal!, id, roleId, event, body));
  }

  @Put('users/:id/site-team')
  siteTeam(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SetMemberSiteTeam(request.principal!, id, body));
  }

  @Get('users/:id/history')
  memberHistory(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.people.history(request.principal!, id);
  }

  @Get('roles')
  async roleList(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply): Promise<CompanyRoleRow[]> {
    const rows = await this.roles.list(request.principal!);
    return listed(reply, 'roles', { rows, total: rows.length, capped: false, range: { from: 0 } });
  }

  @Post('roles')
  @HttpCode(201)
  defineRole(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DefineCompanyRole(request.principal!, null, body));
  }

  @Put('roles/:id')
  changeRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DefineCompanyRole(request.principal!, id, body));
  }

  @Post('roles/:id/actions/Retire')
  @HttpCode(200)
  retireRole(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RetireCompanyRole(request.principal!, id));
  }
}
