// The public calls at the spec's paths (public-area.md §7), and the issuer's keys. All @Public; lookups
// and registrations are limited per caller address across every API process (public-rate-limit.ts) and answer Cache-Control so a
// CDN or the browser can keep what may be kept. The registration (the one write) is sent as a command
// through the CommandBus (certificates.commands.ts), after the rate limit.
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HeaderReply as Response } from '../common/reply.js';
import { CLOCK, type AuthenticatedRequest, type Clock } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import { ApiRateLimited, ApiRefusal, ApiStoreFree } from '../openapi/api-replies.decorators.js';
import { RegisterForEvent } from './certificates.commands.js';
import { CERTIFICATES_CONFIG, type CertificatesConfig } from './certificates.config.js';
import { SHARED_LIMITS, type SharedLimits } from '../limits/shared-limits.port.js';
import { FixedWindowLimiter, tooManyRequests } from './public-rate-limit.js';
import { PublicCertificatesService } from './public.service.js';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5394"/>' +
  '<path d="M9 24V8h8a4 4 0 0 1 0 8h-8m0 0h9a4 4 0 0 1 0 8H9" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>';

@ApiTags('certificates')
@Public()
@Controller()
export class PublicCertificatesController {
  private readonly lookups: FixedWindowLimiter;
  private readonly registrations: FixedWindowLimiter;

  constructor(
    private readonly commands: CommandBus,
    private readonly service: PublicCertificatesService,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(CERTIFICATES_CONFIG) config: CertificatesConfig,
    @Inject(SHARED_LIMITS) limits: SharedLimits,
  ) {
    this.lookups = new FixedWindowLimiter(limits, 'lookups', config.lookups);
    this.registrations = new FixedWindowLimiter(limits, 'registrations', config.registrations);
  }

  @Get('landing/event-and-certificate-counter')
  @ApiOperation({ summary: 'Counters of published events and of approved, unrevoked certificates' })
  counters(@Res({ passthrough: true }) response: Response) {
    response.header('Cache-Control', 'public, max-age=30');
    return this.service.counters();
  }

  @Get('landing/event-list')
  @ApiOperation({ summary: 'Published events, newest date first (at most 100)' })
  events(@Res({ passthrough: true }) response: Response) {
    response.header('Cache-Control', 'public, max-age=30');
    return this.service.events();
  }

  @Post('article/register')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Register for an event: article_id, name, email, contact (9 to 12 digits), company_name; the ticket is e-mailed',
  })
  @ApiRateLimited()
  async register(@Body() body: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response) {
    await this.limit(this.registrations, request, response);
    return this.commands.execute(new RegisterForEvent(body));
  }

  @Post('event-participant/verified-certificate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Verify a certificate: { qr } or { id, article_id, user_id, certificate_no, signature }; every check recomputed',
  })
  @ApiRateLimited()
  async verify(@Body() body: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response) {
    await this.limit(this.lookups, request, response);
    response.header('Cache-Control', 'no-store');
    return this.service.verify(body);
  }

  @Get('event-participant/view/:id/:article_id/:user_id')
  @ApiOperation({ summary: 'The participant detail of public-area.md §3 ("-" and 0001-01-01 for what is missing)' })
  @ApiRateLimited()
  async view(
    @Param('id') id: string,
    @Param('article_id') articleId: string,
    @Param('user_id') userId: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.limit(this.lookups, request, response);
    response.header('Cache-Control', 'no-store');
    return this.service.participant(id, articleId, userId);
  }

  @Get('event-participant/download-certificate/:id')
  @ApiOperation({ summary: 'The approved certificate as a PDF (with its QR code and record hashes); 410 when revoked' })
  @ApiRateLimited()
  @ApiRefusal(410, 'certificateRevoked: the certificate was revoked')
  async download(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response) {
    await this.limit(this.lookups, request, response);
    const { pdf, certificateNo } = await this.service.pdf(id);
    response.header('Cache-Control', 'no-store');
    return new StreamableFile(Buffer.from(pdf), {
      type: 'application/pdf',
      disposition: `inline; filename="certificate-${certificateNo}.pdf"`,
      length: pdf.length,
    });
  }

  @Get('test-get-transaction/:txId')
  @ApiOperation({ summary: 'A transaction id (event id) of an event record to its hash in the chain, or "-"' })
  @ApiRateLimited()
  async transaction(@Param('txId') txId: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response) {
    await this.limit(this.lookups, request, response);
    return this.service.transactionHash(txId);
  }

  @Get('association/download')
  @ApiOperation({ summary: 'The logo image' })
  @ApiStoreFree()
  logo(@Res({ passthrough: true }) response: Response) {
    response.header('Cache-Control', 'public, max-age=86400');
    return new StreamableFile(Buffer.from(LOGO_SVG), { type: 'image/svg+xml' });
  }

  @Get('.well-known/jwks.json')
  @ApiOperation({ summary: "The issuer's certificate signing keys (Ed25519 JWK set) with validity periods (nbf, exp)" })
  keys(@Res({ passthrough: true }) response: Response) {
    response.header('Cache-Control', 'public, max-age=300');
    return this.service.keys();
  }

  private async limit(limiter: FixedWindowLimiter, request: AuthenticatedRequest, response: Response): Promise<void> {
    const wait = await limiter.take(request.ip ?? 'unknown', this.now().getTime());
    if (wait > 0) {
      response.header('Retry-After', String(wait));
      throw tooManyRequests(wait);
    }
  }
}
