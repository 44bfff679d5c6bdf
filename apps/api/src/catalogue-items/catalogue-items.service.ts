// The write and read paths of a company's catalogue items. A change loads the item's stream, checks the
// revision the caller read (If-Match or `revision`: 409 when stale), decides (catalogue-item.decider.ts),
// claims a new name or code (catalogue-item-claims.ts) and appends at the revision decided on.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type CatalogueItemHistoryStep, type CatalogueItemRow, type CatalogueItemValues } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { CATALOGUE_CHANGE_RIGHT, CATALOGUE_READ_RIGHTS } from './catalogue-access.js';
import { CatalogueItemClaims } from './catalogue-item-claims.js';
import { decideAdd, decideEdit, decideRestore, decideRetire, type CatalogueItemState } from './catalogue-item.decider.js';
import { CATALOGUE_ITEM_STREAM_TYPE, catalogueItemStream, type CatalogueItemEvent } from './catalogue-item.events.js';
import { catalogueRow, type CatalogueRowSql } from './catalogue-item-list.js';

type Written = { success: true; id: string; revision: number };

@Injectable()
export class CatalogueItems {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly claims: CatalogueItemClaims,
  ) {}

  async add(principal: Principal, body: unknown): Promise<Written> {
    const companyId = this.writer(principal);
    const itemId = randomUUID();
    const event = decideAdd(itemId, companyId, body);
    if (event.type !== 'CatalogueItemAdded') throw new Error('an add decides CatalogueItemAdded');
    await this.claims.claim(companyId, itemId, event.data.kind, event.data.values.name, event.data.values.code);
    return { success: true, id: itemId, revision: await this.append(principal, itemId, 'no_stream', [event]) };
  }

  async edit(principal: Principal, itemId: string, body: unknown, ifMatch: string | undefined): Promise<Written> {
    const state = await this.loadOwn(this.writer(principal), itemId, body, ifMatch);
    const events = decideEdit(state, body);
    if (events.length === 0) return { success: true, id: itemId, revision: state.revision };
    const changes = (events[0] as Extract<CatalogueItemEvent, { type: 'CatalogueItemEdited' }>).data.changes;
    if (changes.name !== undefined || changes.code !== undefined) {
      // The values it keeps are held by this item already: claiming them again records nothing.
      await this.claims.claim(state.companyId, itemId, state.kind, changes.name ?? state.values.name, changes.code ?? state.values.code);
    }
    return { success: true, id: itemId, revision: await this.append(principal, itemId, state.revision, events) };
  }

  async retire(principal: Principal, itemId: string, body: unknown, ifMatch: string | undefined): Promise<Written> {
    const state = await this.loadOwn(this.writer(principal), itemId, body, ifMatch);
    return { success: true, id: itemId, revision: await this.append(principal, itemId, state.revision, [decideRetire(state, body)]) };
  }

  /** Restoring takes the name and code again: 409 when another item took them while this one was retired. */
  async restore(principal: Principal, itemId: string, body: unknown, ifMatch: string | undefined): Promise<Written> {
    const state = await this.loadOwn(this.writer(principal), itemId, body, ifMatch);
    const event = decideRestore(state, body);
    await this.claims.claim(state.companyId, itemId, state.kind, state.values.name, state.values.code);
    return { success: true, id: itemId, revision: await this.append(principal, itemId, state.revision, [event]) };
  }

  async view(principal: Principal, itemId: string): Promise<CatalogueItemRow> {
    const companyId = companyOf(principal, ...CATALOGUE_READ_RIGHTS);
    const [row] = await this.db.query<CatalogueRowSql>(
      `SELECT item_id, kind, status, code, name, description, unit, unit_price, brand_model, colour, size, manufacturer, trade_category, revision, updated_at
       FROM catalogue_items WHERE company_id = $1 AND item_id = $2`,
      [companyId, itemId],
    );
    if (!row) throw notFound();
    return catalogueRow(row);
  }

  /** Each step with who, when, why and what it set, oldest first (from the item's stream). */
  async history(principal: Principal, itemId: string): Promise<{ success: true; history: CatalogueItemHistoryStep[] }> {
    const companyId = companyOf(principal, ...CATALOGUE_READ_RIGHTS);
    const events = await this.store.readStream(catalogueItemStream(itemId));
    const first = events[0]?.data as { companyId?: string } | undefined;
    if (!first || first.companyId !== companyId) throw notFound();
    const ids = [...new Set(events.map((e) => e.metadata.actorUserId ?? ''))];
    const names = new Map(
      (
        await this.db.query<{ user_id: string; name: string }>('SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])', [
          ids,
        ])
      ).map((r) => [r.user_id, r.name]),
    );
    let values: Partial<CatalogueItemValues> = {};
    const history = events.map((stored): CatalogueItemHistoryStep => {
      const event = { type: stored.type, data: stored.data } as CatalogueItemEvent;
      const byUserId = stored.metadata.actorUserId ?? '';
      const step = { at: stored.metadata.recordedAt, byUserId, byName: names.get(byUserId) ?? null, reason: event.data.reason || null };
      switch (event.type) {
        case 'CatalogueItemAdded':
          values = { ...event.data.values };
          return {
            ...step,
            event: 'Added',
            changes: [
              { field: 'kind', before: null, after: event.data.kind },
              ...Object.entries(event.data.values)
                .filter(([, v]) => v !== '')
                .map(([field, after]) => ({ field, before: null, after })),
            ],
          };
        case 'CatalogueItemEdited': {
          const changes = Object.entries(event.data.changes).map(([field, after]) => ({
            field,
            before: values[field as keyof CatalogueItemValues] ?? null,
            after: after ?? '',
          }));
          values = { ...values, ...event.data.changes };
          return { ...step, event: 'Edited', changes };
        }
        case 'CatalogueItemRetired':
          return { ...step, event: 'Retired', changes: [] };
        case 'CatalogueItemRestored':
          return { ...step, event: 'Restored', changes: [] };
      }
    });
    return { success: true, history };
  }

  private async loadOwn(companyId: string, itemId: string, body: unknown, ifMatch: string | undefined): Promise<CatalogueItemState> {
    const state = /^[A-Za-z0-9-]{1,64}$/.test(itemId) ? await this.claims.load(itemId) : null;
    if (!state || state.companyId !== companyId) throw notFound();
    const bodyRevision = (body as { revision?: unknown } | null)?.revision;
    const expected =
      ifMatch !== undefined
        ? ifMatch.replace(/^(W\/)?"?|"?$/g, '')
        : typeof bodyRevision === 'number' || typeof bodyRevision === 'string'
          ? String(bodyRevision)
          : null;
    if (expected !== null && expected !== String(state.revision)) {
      throw refusal(409, ErrorCodes.wrongExpectedRevision, `This item changed: it is at revision ${state.revision}. Read it again.`, {
        revision: state.revision,
      });
    }
    return state;
  }

  private async append(
    principal: Principal,
    itemId: string,
    expected: number | 'no_stream',
    events: readonly CatalogueItemEvent[],
  ): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: catalogueItemStream(itemId),
        streamType: CATALOGUE_ITEM_STREAM_TYPE,
        expectedRevision: expected,
        events: events.map((event) => ({
          type: event.type,
          data: event.data,
          metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
        })),
      });
      return result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.wrongExpectedRevision, 'This item changed meanwhile. Read it again.');
      throw error;
    }
  }

  private writer(principal: Principal): string {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    return companyOf(principal, CATALOGUE_CHANGE_RIGHT);
  }
}

const notFound = () => refusal(404, ErrorCodes.catalogueItemNotFound, 'This catalogue item was not found.');
