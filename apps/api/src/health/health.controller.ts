// Health for people and for load balancers:
// - GET /api/health: up, which store, and the last global position (reading it proves the store answers);
// - GET /api/health/live: the process serves requests (a liveness probe: never touches the store, so a
//   database outage does not get a healthy process restarted);
// - GET /api/health/ready: 200 when the store answers (migrations ran before the API listened), otherwise
//   503 storeUnavailable with Retry-After, so a balancer sends traffic elsewhere until it is back.
import { Controller, Get, HttpCode, Inject } from '@nestjs/common';
import { ApiResponse, ApiOperation } from '@nestjs/swagger';
import type { HealthReply, LivenessReply } from '@binaan/contracts';
import { StoreUnavailable, type EventStore } from '@binaan/event-store';
import { Public } from '../common/public.decorator.js';
import { ApiStoreFree } from '../openapi/api-replies.decorators.js';
import { EVENT_STORE } from '../store/store.tokens.js';

@Controller('health')
export class HealthController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Public()
  @Get()
  @ApiResponse({
    status: 503,
    description: 'storeUnavailable: the store cannot be reached (Retry-After)',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiOperation({
    summary: 'The API is up and its store answers: the store kind and its last position',
    description: 'For monitors and load balancers. 503 storeUnavailable while the store cannot be read.',
  })
  async health(): Promise<HealthReply> {
    return { status: 'ok', store: this.store.kind, position: await this.lastPosition() };
  }

  @Public()
  @ApiStoreFree()
  @Get('live')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The process is alive (pid, uptime); never reads the store',
    description: 'For a liveness probe: restart the process only when this fails.',
  })
  live(): LivenessReply {
    return { status: 'live', pid: process.pid, uptimeSeconds: Math.round(process.uptime()) };
  }

  @Public()
  @Get('ready')
  @ApiResponse({
    status: 503,
    description: 'storeUnavailable: not ready until the store answers again (Retry-After)',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiOperation({
    summary: 'Ready for traffic: the store answers (503 until it does)',
    description: 'For a readiness probe: send no traffic to an instance answering 503.',
  })
  async ready(): Promise<HealthReply> {
    return { status: 'ready', store: this.store.kind, position: await this.lastPosition() };
  }

  /** The store's last position; any failure to read it means the store is not there for us. */
  private async lastPosition(): Promise<number> {
    try {
      return await this.store.lastPosition();
    } catch (error) {
      throw error instanceof StoreUnavailable
        ? error
        : new StoreUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
}
