// Sign-in, the terms, sign-out, keep-alive and the ui's error reports. Writes are sent as commands through
// the CommandBus (identity.commands.ts); the session marker cookie and the read-only token's refusal of a
// sign-out stay here, with the reply.
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { ErrorCodes } from '@binaan/contracts';
import { CLOCK, type AuthenticatedRequest, type Clock } from '../common/principal.js';
import { AllowRestricted, Public } from '../common/public.decorator.js';
import { ApiStoreFree, ApiRefusal } from '../openapi/api-replies.decorators.js';
import { refusal } from '../common/refusal.js';
import { latestEula } from './eula.js';
import { AcceptEula, LogIn, LogOut, ReportUiError } from './identity.commands.js';
import { LoginDto, UiErrorDto } from './identity.dto.js';

/** The session marker cookie the ui checks at start-up: a year with remember-me, else for the browser session. */
export const SESSION_MARKER = 'binaan_session';
type CookieReply = { header(name: string, value: string): unknown };
type Request = AuthenticatedRequest & { protocol?: string; ip?: string };

/** The marker: no secret in it (the session is the bearer token), HttpOnly, same-site, Secure over HTTPS. */
function sessionMarker(secure: boolean, maxAgeSeconds?: number): string {
  const age =
    maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}; Expires=${new Date(Date.now() + maxAgeSeconds * 1000).toUTCString()}`;
  return `${SESSION_MARKER}=1; Path=/${age}; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
}

@ApiTags('identity')
@Controller()
export class LoginController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiRefusal(401, 'incorrectCredentials: the e-mail or password is incorrect')
  @ApiRefusal(403, 'accountPendingActivation, accountSuspended (by Binaan), accountNotActive (by the company administrator)')
  @ApiRefusal(429, 'accountLocked: too many failed sign-ins (Retry-After)')
  @ApiOperation({
    summary: "Sign in with e-mail and password: the session token (jwtToken) and the user's companies",
    description:
      'Public. Then choose a company with GET /api/company/choose/{companyProfileId} and send `Authorization: Bearer <jwtToken>`. Sends a session marker cookie (a year with rememberMe). Refused: 401 incorrectCredentials; 403 accountPendingActivation, accountSuspended, accountNotActive; 429 accountLocked after repeated failures (Retry-After).',
  })
  async login(@Body() body: LoginDto, @Req() request: Request, @Res({ passthrough: true }) reply: CookieReply) {
    const result = await this.commands.execute(new LogIn(body, request.ip));
    reply.header('Set-Cookie', sessionMarker(request.protocol === 'https', body.rememberMe === true ? 365 * 24 * 3600 : undefined));
    return result;
  }

  @AllowRestricted()
  @Post('accept-eula')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept the latest terms of use for the signed-in user',
    description: 'Clears the showEula refusal (401) that other routes answer until the latest terms are accepted.',
  })
  acceptEula(@Req() request: Request) {
    return this.commands.execute(new AcceptEula(request.principal!));
  }

  @Public()
  @Post('users/logout')
  @HttpCode(200)
  @ApiRefusal(403, 'readOnlyToken: a read-only token cannot sign out')
  @ApiOperation({
    summary: 'End the session of the token sent, and clear the session marker cookie',
    description: 'Public, so that an ended session can still sign out. A read-only token is refused (403 readOnlyToken).',
  })
  async logout(@Req() request: Request, @Res({ passthrough: true }) reply: CookieReply) {
    // A public route: the guard names the caller but does not apply the read-only rule, so it is applied here.
    if (request.principal?.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    reply.header('Set-Cookie', `${SESSION_MARKER}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
    return this.commands.execute(new LogOut(request.principal));
  }

  /** Keep-alive: any authenticated call renews the session; this one does nothing else. */
  @AllowRestricted()
  @Get('application/get-server-timestamp')
  @ApiOperation({
    summary: "Keep the session alive: the server's clock in milliseconds",
    description: 'Any authenticated call renews the session; this one does nothing else. Allowed while a password change is required.',
  })
  timestamp() {
    return { success: true, data: { timestamp: this.now().getTime() } };
  }

  @Public()
  @ApiStoreFree()
  @ApiStoreFree()
  @Get('eula-version/get-latest')
  @ApiOperation({
    summary: 'The latest terms of use: contents, version, effective date',
    description: 'Public; shown at sign-up and whenever showEula asks for acceptance.',
  })
  eula() {
    const eula = latestEula();
    return { success: true, data: { eula_contents: eula.contents, version: eula.version, effectiveFrom: eula.effectiveFrom } };
  }

  /** The ui reports rendering failures here; kept as events by day, for the admins' error log. */
  @Public()
  @Post('log-ui-error')
  @HttpCode(200)
  @ApiOperation({
    summary: "Report a rendering failure of the web app, for the admins' error log",
    description: 'Public, as failures happen before sign-in too; kept as events by day.',
  })
  logUiError(@Body() body: UiErrorDto, @Req() request: Request) {
    return this.commands.execute(new ReportUiError(body, request.principal));
  }
}
