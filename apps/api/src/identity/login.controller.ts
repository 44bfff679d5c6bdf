import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ErrorCodes } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import { CLOCK, type AuthenticatedRequest, type Clock } from '../common/principal.js';
import { AllowRestricted, Public } from '../common/public.decorator.js';
import { ApiStoreFree } from '../openapi/api-replies.decorators.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { latestEula } from './eula.js';
import { LoginDto, UiErrorDto } from './identity.dto.js';
import { LoginService } from './login.service.js';

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
    private readonly logins: LoginService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: Request, @Res({ passthrough: true }) reply: CookieReply) {
    const result = await this.logins.login(body.email, body.password, body.rememberMe === true, { ...(request.ip ? { ip: request.ip } : {}) });
    reply.header('Set-Cookie', sessionMarker(request.protocol === 'https', body.rememberMe === true ? 365 * 24 * 3600 : undefined));
    return result;
  }

  @AllowRestricted()
  @Post('accept-eula')
  @HttpCode(200)
  acceptEula(@Req() request: Request) {
    return this.logins.acceptEula(request.principal!);
  }

  @Public()
  @Post('users/logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) reply: CookieReply) {
    // A public route: the guard names the caller but does not apply the read-only rule, so it is applied here.
    if (request.principal?.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    reply.header('Set-Cookie', `${SESSION_MARKER}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
    return this.logins.logout(request.principal);
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
  async logUiError(@Body() body: UiErrorDto, @Req() request: Request) {
    const day = this.now().toISOString().slice(0, 10);
    await this.store.append({
      streamId: `ui-errors-${day}`, streamType: 'uiErrors', expectedRevision: 'any',
      events: [{ type: 'UiErrorReported', data: { error: body.error, errorInfo: body.error_info ?? '' }, metadata: { actorUserId: request.principal?.userId ?? null, actorCompanyId: request.principal?.companyId ?? null } }],
    });
    return { success: true };
  }
}
