// Sign-in, the terms, sign-out, keep-alive and the ui's error reports. Writes are sent as commands through
// the CommandBus (identity.commands.ts); the session marker cookie and the read-only token's refusal of a
// sign-out stay here, with the reply.
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ErrorCodes } from '@binaan/contracts';
import { CLOCK, type AuthenticatedRequest, type Clock } from '../common/principal.js';
import { AllowRestricted, Public } from '../common/public.decorator.js';
import { ApiStoreFree } from '../openapi/api-replies.decorators.js';
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
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}; Expires=${new Date(Date.now() + maxAgeSeconds * 1000).toUTCString()}`;
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
  async login(@Body() body: LoginDto, @Req() request: Request, @Res({ passthrough: true }) reply: CookieReply) {
    const result = await this.commands.execute(new LogIn(body, request.ip));
    reply.header('Set-Cookie', sessionMarker(request.protocol === 'https', body.rememberMe === true ? 365 * 24 * 3600 : undefined));
    return result;
  }

  @AllowRestricted()
  @Post('accept-eula')
  @HttpCode(200)
  acceptEula(@Req() request: Request) {
    return this.commands.execute(new AcceptEula(request.principal!));
  }

  @Public()
  @Post('users/logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) reply: CookieReply) {
    // A public route: the guard names the caller but does not apply the read-only rule, so it is applied here.
    if (request.principal?.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    reply.header('Set-Cookie', `${SESSION_MARKER}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
    return this.commands.execute(new LogOut(request.principal));
  }

  /** Keep-alive: any authenticated call renews the session; this one does nothing else. */
  @AllowRestricted()
  @Get('application/get-server-timestamp')
  timestamp() {
    return { success: true, data: { timestamp: this.now().getTime() } };
  }

  @Public()
  @ApiStoreFree()
  @ApiStoreFree()
  @Get('eula-version/get-latest')
  eula() {
    const eula = latestEula();
    return { success: true, data: { eula_contents: eula.contents, version: eula.version, effectiveFrom: eula.effectiveFrom } };
  }

  /** The ui reports rendering failures here; kept as events by day, for the admins' error log. */
  @Public()
  @Post('log-ui-error')
  @HttpCode(200)
  logUiError(@Body() body: UiErrorDto, @Req() request: Request) {
    return this.commands.execute(new ReportUiError(body, request.principal));
  }
}
