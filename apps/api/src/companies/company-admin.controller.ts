// Routes of a company joining (registration, submission, the platform's review) and of keeping its people
// and roles. Writes go through the CommandBus (company-admin.commands.ts); lists answer in
// ra-data-simple-rest form with Content-Range (and X-Total-Capped when the count stopped at its cap).
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import type { CompanyMemberRow, CompanyRegistrationRow, CompanyRoleRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import {
  ActOnCompanyMember,
  ActOnCompanyRegistration,
  ActOnMemberRole,
  DefineCompanyRole,
  EditCompanyRegistration,
  GiveMemberRole,
  InviteCompanyMember,
  RegisterCompany,
  RetireCompanyRole,
  SetMemberSiteTeam,
} from './company-admin.commands.js';
import { companyInvitation } from './company-invitation-lookup.js';
import { companyMembersList } from './company-members-list.js';
import { CompanyPeopleService, MEMBER_EVENTS, ROLE_EVENTS } from './company-people.service.js';
import { CompanyRegistrationService, SUBMISSION_EVENTS } from './company-registration.service.js';
import { CompanyRolesService } from './company-roles.service.js';
import { ApiPathValues } from '../openapi/path-values.decorators.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

type HeaderReply = { header(name: string, value: string): unknown };

function listed<T>(reply: HeaderReply, name: string, page: { rows: T[]; total: number; capped: boolean; range: { from: number } }): T[] {
  const { rows, range, total } = page;
  reply.header(
    'Content-Range',
    rows.length === 0 ? `${name} */${total}` : `${name} ${range.from}-${range.from + rows.length - 1}/${total}`,
  );
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
  @ApiRefusal(409, 'companyAlreadyRegistered (registration number), companyCodeTaken')
  @ApiOperation({
    summary: 'Register a company; the registrant becomes its administrator (status inProgress)',
    description:
      'Any signed-in person, with or without companies. Refused: 400 validationFailed with fields, 409 companyAlreadyRegistered (the registration number) or companyCodeTaken.',
  })
  register(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RegisterCompany(request.principal!, body));
  }

  /** The platform administrator's review queue: ?filter={"status":"submitted","q":"..."}&sort=["submittedAt","ASC"]. */
  @Get('registrations')
  @ApiOperation({
    summary: "The platform's review queue of company registrations, filtered and sorted",
    description:
      'Platform administrators only. Filter by status and q, sort e.g. on submittedAt; the total is in Content-Range (X-Total-Capped when the count stopped at its cap).',
  })
  async registrationList(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CompanyRegistrationRow[]> {
    return listed(reply, 'registrations', await this.registrations.list(request.principal!, query));
  }

  @Get('registrations/:id')
  @ApiOperation({
    summary: "A company registration: details, status, registrant, history and the caller's available actions",
    description: "The company's profile rights, or a platform administrator.",
  })
  async registration(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const view = await this.registrations.view(request.principal!, id);
    reply.header('ETag', `"${view.data.revision}"`);
    return view;
  }

  @Put('registrations/:id')
  @ApiRefusal(409, 'companyNotEditable (already submitted), wrongExpectedRevision (stale If-Match), companyCodeTaken')
  @ApiOperation({
    summary: "Change a company's registration details while the registration is in progress",
    description:
      'Needs administration.companyProfile.update in that company. 409 companyNotEditable once submitted, wrongExpectedRevision on a stale If-Match.',
  })
  edit(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EditCompanyRegistration(request.principal!, id, body, ifMatch));
  }

  /** Submit (the company), Approve or Reject (a platform administrator; Reject with a remark). */
  @Post('registrations/:id/actions/:event')
  @ApiPathValues('event', SUBMISSION_EVENTS, 'What is done with the registration')
  @HttpCode(200)
  @ApiRefusal(409, "wrongExpectedRevision (stale If-Match), or the registration's status does not allow the event")
  @ApiRefusal(422, 'The profile is not complete (problems: [{ tab, code }]), or remarkRequired on Reject')
  @ApiOperation({
    summary: 'Submit a company registration (the company), or approve or reject it (a platform administrator)',
    description:
      "Submit needs administration.companyProfile.update there and a complete profile: 422 with the first broken rule's code and every one in problems [{ tab, code }]. Reject needs a remark (422 remarkRequired).",
  })
  act(
    @Param('id') id: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnCompanyRegistration(request.principal!, id, event, body, ifMatch));
  }

  /** What a company invitation's sign-up link is (public: the person has no account yet). */
  @Public()
  @Get('invitations/:id')
  @ApiOperation({
    summary: "What a company invitation's sign-up link is: the company's name and whether it is still open",
    description: 'Public: the invited person has no account yet. 404 for an unknown invitation.',
  })
  invitation(@Param('id') id: string) {
    return companyInvitation(this.db, id);
  }

  /** The chosen company's users of one status: ?filter={"status":"active"|"pending"|...,"q":"..."}&sort=["name","ASC"]. */
  @Get('users')
  @ApiOperation({
    summary: "The chosen company's members of one status, with roles and the actions the caller may take",
    description:
      'Needs an administration.users right. Filter by status (active, pending, ...) and q, sort on name, email or invitedAt; the total is in Content-Range.',
  })
  async users(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CompanyMemberRow[]> {
    const principal = request.principal!;
    const companyId = companyOf(principal, 'administration.users.view', 'administration.users.update', 'administration.users.approve');
    return listed(reply, 'users', await companyMembersList(this.db, principal, companyId, query));
  }

  @Post('users/invite')
  @HttpCode(201)
  @ApiRefusal(409, 'userAlreadyMember, userTerminated')
  @ApiOperation({
    summary: 'Invite a person into the chosen company with roles (an existing account is linked)',
    description:
      'Needs administration.users.update. Body `{ email, name, roleIds, isSiteTeam }`. Refused: 400 tooManyRoles (at most 5) or validationFailed, 409 userAlreadyMember or userTerminated.',
  })
  invite(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new InviteCompanyMember(request.principal!, body));
  }

  @Post('users/:id/actions/:event')
  @ApiPathValues('event', MEMBER_EVENTS, 'What is done with the member')
  @HttpCode(200)
  @ApiRefusal(409, "The member's status does not allow the event (userAlreadySuspended, userTerminated, ...)")
  @ApiOperation({
    summary: 'Activate, suspend, deactivate, terminate or reject a company member',
    description:
      "Needs administration.users.approve (level 20). The user machine refuses what the member's status does not allow (pendingUserCannotBeSuspended, userAlreadySuspended, userAlreadyActivated, userAlreadyDeactivated, userTerminated).",
  })
  memberAct(
    @Param('id') id: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnCompanyMember(request.principal!, id, event, body, ifMatch));
  }

  @Post('users/:id/roles')
  @HttpCode(200)
  @ApiRefusal(409, 'roleAlreadyAssigned, userTerminated')
  @ApiOperation({
    summary: 'Propose a role for a company member (to be approved)',
    description:
      'Needs administration.users.update. Refused: 400 tooManyRoles (at most 5, pending proposals count), 409 roleAlreadyAssigned or userTerminated.',
  })
  giveRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new GiveMemberRole(request.principal!, id, body));
  }

  @Post('users/:id/roles/:roleId/actions/:event')
  @ApiPathValues('event', ROLE_EVENTS, 'What is done with the role held')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve, reject, deactivate or activate a role a member holds or was proposed',
    description: 'Approving needs administration.users.approve. 400 tooManyRoles when activating a sixth role.',
  })
  roleAct(
    @Param('id') id: string,
    @Param('roleId') roleId: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnMemberRole(request.principal!, id, roleId, event, body));
  }

  @Put('users/:id/site-team')
  @ApiOperation({
    summary: 'Mark a company member as site team or not',
    description: 'Needs an administration.users right. Body `{ isSiteTeam }`.',
  })
  siteTeam(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SetMemberSiteTeam(request.principal!, id, body));
  }

  @Get('users/:id/history')
  @ApiOperation({
    summary: "A company member's history: status and role changes with who and when",
    description: 'Needs an administration.users right.',
  })
  memberHistory(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.people.history(request.principal!, id);
  }

  @Get('roles')
  @ApiOperation({
    summary: "The chosen company's roles with their rights",
    description: 'Needs an administration.users right; the total is in Content-Range.',
  })
  async roleList(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply): Promise<CompanyRoleRow[]> {
    const rows = await this.roles.list(request.principal!);
    return listed(reply, 'roles', { rows, total: rows.length, capped: false, range: { from: 0 } });
  }

  @Post('roles')
  @HttpCode(201)
  @ApiRefusal(409, 'roleNameExists: a role with the same name exists')
  @ApiOperation({
    summary: 'Define a role in the chosen company: a name and its rights',
    description:
      'Needs administration.fullAccessControl.update. Refused: 409 roleNameExists (case ignored), 400 rightNotGrantable (admin module rights belong to the platform).',
  })
  defineRole(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DefineCompanyRole(request.principal!, null, body));
  }

  @Put('roles/:id')
  @ApiRefusal(409, 'roleNameExists: a role with the same name exists')
  @ApiOperation({
    summary: 'Rename a role or change its rights',
    description: 'Needs administration.fullAccessControl.update. Refused as when defining a role.',
  })
  changeRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DefineCompanyRole(request.principal!, id, body));
  }

  @Post('roles/:id/actions/Retire')
  @HttpCode(200)
  @ApiRefusal(409, 'roleNotRetirable: the Company Administrator role stays')
  @ApiOperation({
    summary: 'Retire a role: no one can be given it any more',
    description:
      'Needs administration.fullAccessControl.update. 409 roleNotRetirable for the Company Administrator role: a company always has someone who can manage it.',
  })
  retireRole(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RetireCompanyRole(request.principal!, id));
  }
}
