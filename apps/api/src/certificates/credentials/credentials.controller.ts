// The certificate as a verifiable credential, its revocation status lists, and the issuer's DID document.
// All @Public; the credential and the status lists count against the public lookups limit per caller
// address, like the certificate PDF (public-rate-limit.ts).
import { Controller, Get, Inject, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CLOCK, type AuthenticatedRequest, type Clock } from '../../common/principal.js';
import { Public } from '../../common/public.decorator.js';
import type { HeaderReply as Response } from '../../common/reply.js';
import { ApiRateLimited, ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { SHARED_LIMITS, type SharedLimits } from '../../limits/shared-limits.port.js';
import { CERTIFICATES_CONFIG, type CertificatesConfig } from '../certificates.config.js';
import { FixedWindowLimiter, tooManyRequests } from '../public-rate-limit.js';
import { CredentialsService } from './credentials.service.js';

@ApiTags('certificates')
@Public()
@Controller()
export class CredentialsController {
  private readonly lookups: FixedWindowLimiter;

  constructor(
    private readonly credentials: CredentialsService,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(CERTIFICATES_CONFIG) config: CertificatesConfig,
    @Inject(SHARED_LIMITS) limits: SharedLimits,
  ) {
    this.lookups = new FixedWindowLimiter(limits, 'lookups', config.lookups);
  }

  @Get('event-participant/download-credential/:id')
  @ApiOperation({
    summary: 'The approved certificate as a verifiable credential (Open Badges 3.0, VC 2.0)',
    description:
      'A W3C Verifiable Credential 2.0 that is an Open Badges 3.0 OpenBadgeCredential: the event attended is the achievement, ' +
      'the issuer is did:web of the site, the proof is a Data Integrity eddsa-rdfc-2022 signature by the certificate key, and ' +
      'credentialStatus is a BitstringStatusListEntry (revocation). A revoked certificate still downloads: its status list bit says revoked.',
  })
  @ApiRateLimited()
  @ApiRefusal(404, 'certificateNotFound: no approved certificate for this registration')
  async download(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response) {
    await this.limit(request, response);
    const { credential, certificateNo } = await this.credentials.credential(id);
    const body = Buffer.from(JSON.stringify(credential, null, 2));
    response.header('Cache-Control', 'no-store');
    return new StreamableFile(body, {
      type: 'application/vc',
      disposition: `attachment; filename="certificate-${certificateNo}.credential.json"`,
      length: body.length,
    });
  }

  @Get('credentials/status/:list')
  @ApiOperation({
    summary: 'A revocation status list (BitstringStatusListCredential)',
    description:
      'The signed W3C Bitstring Status List credential that credentials name in credentialStatus.statusListCredential: ' +
      '131,072 bits, GZIP-compressed, base64url multibase; a set bit is a revoked certificate. Made on request, so a revocation shows at once.',
  })
  @ApiRateLimited()
  @ApiRefusal(404, 'notFound: no such status list')
  async statusList(@Param('list') list: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response) {
    await this.limit(request, response);
    response.header('Cache-Control', 'no-cache');
    return this.credentials.statusList(/^[1-9][0-9]{0,5}$/.test(list) ? Number(list) : 0);
  }

  @Get('.well-known/did.json')
  @ApiOperation({
    summary: "The issuer's DID document (did:web)",
    description:
      'The did:web document of the site: every certificate key, rotated ones too, as a Multikey (Ed25519) verification method ' +
      'allowed for assertionMethod, so credentials signed with any of them verify.',
  })
  async did(@Res({ passthrough: true }) response: Response) {
    response.header('Cache-Control', 'public, max-age=300');
    return this.credentials.didDocument();
  }

  private async limit(request: AuthenticatedRequest, response: Response): Promise<void> {
    const wait = await this.lookups.take(request.ip ?? 'unknown', this.now().getTime());
    if (wait > 0) {
      response.header('Retry-After', String(wait));
      throw tooManyRequests(wait);
    }
  }
}
