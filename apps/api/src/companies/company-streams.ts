// A company's stream, read folded and appended to, for the services that decide on it (registration, people,
// roles): one place for the not-found refusal, the If-Match check and the metadata every change carries.
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import type { EventStore, JsonValue } from '@binaan/event-store';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import type { CompanyChange } from './company-admin.decider.js';
import { companyStream } from './company-admin.events.js';
import { foldCompany, type CompanyState } from './company-state.js';

@Injectable()
export class CompanyStreams {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The company folded, or 404 companyNotFound; 409 when `ifMatch` names another revision. */
  async load(companyId: string, ifMatch?: string): Promise<CompanyState> {
    const state = /^[A-Za-z0-9_-]{1,64}$/.test(companyId) ? foldCompany(await this.store.readStream(companyStream(companyId))) : null;
    if (!state) throw refusal(404, ErrorCodes.companyNotFound, 'This company was not found.');
    if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(state.revision)) {
      throw refusal(409, ErrorCodes.wrongExpectedRevision, `The company changed: it is at revision ${state.revision}. Read it again.`);
    }
    return state;
  }

  /**
   * Appends at the revision the company was decided on (`no_stream` for a new one; `stream_exists` for what
   * depends on nothing in it); the revision after.
   */
  async append(
    companyId: string,
    expected: number | 'no_stream' | 'stream_exists',
    events: readonly CompanyChange[],
    principal: Principal,
  ): Promise<number> {
    const result = await this.store.append({
      streamId: companyStream(companyId),
      streamType: 'company',
      expectedRevision: expected,
      events: events.map((event) => ({
        type: event.type,
        data: event.data as unknown as JsonValue,
        metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
      })),
    });
    return result.nextExpectedRevision;
  }
}
