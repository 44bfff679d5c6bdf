import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { EventStore, StoreStats } from '@binaan/event-store';
import type { AuthenticatedRequest } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { requireStoreAuditRight } from './audit-access.js';
import { verifyStore, type StoreVerification } from './store-verification.js';

@ApiTags('audit')
@Controller('audit')
export class StoreStatsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Events and streams by type, for the admin's audit page. Signed-in users only (the admin access right comes with identity). */
  @Get('store-stats')
  @ApiOperation({ summary: "Events and streams in the store by type, for the admin's audit page", description: 'Any signed-in user.' })
  stats(): Promise<StoreStats> {
    return this.store.stats();
  }

  /** Every stream's hash chain; broken streams named at their first bad revision. Needs admin.report. */
  @Get('verify-store')
  @ApiResponse({
    status: 200,
    description: 'ok is false when any stream is broken',
    schema: { $ref: '#/components/schemas/StoreVerification' },
  })
  @ApiResponse({
    status: 403,
    description: 'noAccessRight: needs admin.report (platform admins)',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiOperation({
    summary: "Verify every stream's hash chain: broken streams named at their first bad revision",
    description: 'Needs admin.report. Reads the whole store, so it takes time on a large one.',
  })
  verifyStore(@Req() request: AuthenticatedRequest): Promise<StoreVerification> {
    requireStoreAuditRight(request.principal);
    return verifyStore(this.store);
  }
}
