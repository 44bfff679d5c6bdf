// Names (per company and kind, without case) and codes (per company, without case) held by one item each,
// also under concurrent requests: each value has a claim stream, and taking it is an append at the revision
// read, so of two requests for one value, one appends and the other gets WrongExpectedRevision (409). The
// same way companies keep registration numbers unique (companies/company-registration.service.ts).
//
// A claim holds only while its item still says so: the holder exists, is not retired and still has that
// name (or code). So renaming or retiring frees the value with no release event to forget; restoring claims
// again (409 when another item took the value meanwhile). A claim whose item is not written yet holds for
// PENDING_CLAIM_MS: the add that made it is between its claim and its item (a concurrent add must not take the
// value then); an add cut short there frees the value after that time.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, catalogueCodeKey, catalogueNameKey, type CatalogueItemKind } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';
import { CLOCK, type Clock } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { evolveCatalogueItem, type CatalogueItemState } from './catalogue-item.decider.js';
import { catalogueItemStream, type CatalogueItemEvent } from './catalogue-item.events.js';

/** How long a claim whose item is not written yet holds (an add takes milliseconds between the two). */
export const PENDING_CLAIM_MS = 30_000;

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);
export const nameClaimStream = (companyId: string, kind: CatalogueItemKind, name: string) =>
  `catalogueItemName-${companyId}-${kind}-${hash(catalogueNameKey(name))}`;
export const codeClaimStream = (companyId: string, code: string) => `catalogueItemCode-${companyId}-${hash(catalogueCodeKey(code))}`;

@Injectable()
export class CatalogueItemClaims {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The item folded, or null when its stream is empty. */
  async load(itemId: string): Promise<CatalogueItemState | null> {
    let state: CatalogueItemState | null = null;
    for (const stored of await this.store.readStream(catalogueItemStream(itemId))) {
      state = evolveCatalogueItem(
        state,
        { type: stored.type, data: stored.data } as CatalogueItemEvent,
        stored.revision,
        stored.metadata.recordedAt,
      );
    }
    return state;
  }

  /** Which other item holds the name or the code now (null when free); reads only, for an import's check. */
  async holderOfName(companyId: string, kind: CatalogueItemKind, name: string, self: string | null): Promise<string | null> {
    const { holder } = await this.current(
      nameClaimStream(companyId, kind, name),
      (item) => item.kind === kind && catalogueNameKey(item.values.name) === catalogueNameKey(name),
    );
    return holder && holder !== self ? holder : null;
  }

  async holderOfCode(companyId: string, code: string, self: string | null): Promise<string | null> {
    const { holder } = await this.current(
      codeClaimStream(companyId, code),
      (item) => catalogueCodeKey(item.values.code) === catalogueCodeKey(code),
    );
    return holder && holder !== self ? holder : null;
  }

  /** Takes the name (and the code, unless empty) for `itemId`: 409 itemNameExists / itemCodeExists when held by another. */
  async claim(companyId: string, itemId: string, kind: CatalogueItemKind, name: string, code: string): Promise<void> {
    await this.take(
      nameClaimStream(companyId, kind, name),
      'CatalogueItemNameClaimed',
      itemId,
      (item) => item.kind === kind && catalogueNameKey(item.values.name) === catalogueNameKey(name),
      () =>
        refusal(409, ErrorCodes.itemNameExists, `An item with the same name exists: ${name}.`, { fields: { name: ['itemNameExists'] } }),
    );
    if (code === '') return;
    await this.take(
      codeClaimStream(companyId, code),
      'CatalogueItemCodeClaimed',
      itemId,
      (item) => catalogueCodeKey(item.values.code) === catalogueCodeKey(code),
      () =>
        refusal(409, ErrorCodes.itemCodeExists, `An item with the same code exists: ${code}.`, { fields: { code: ['itemCodeExists'] } }),
    );
  }

  private async current(streamId: string, stillHolds: (item: CatalogueItemState) => boolean) {
    const claims = await this.store.readStream(streamId);
    const last = claims[claims.length - 1];
    const holderId = last ? (last.data as { itemId: string }).itemId : null;
    const holder = holderId ? await this.load(holderId) : null;
    if (!holder) {
      const pending = last !== undefined && this.now().getTime() - Date.parse(last.metadata.recordedAt) < PENDING_CLAIM_MS;
      return { last, holder: pending ? holderId : null };
    }
    return { last, holder: !holder.retired && stillHolds(holder) ? holderId : null };
  }

  private async take(
    streamId: string,
    type: 'CatalogueItemNameClaimed' | 'CatalogueItemCodeClaimed',
    itemId: string,
    stillHolds: (item: CatalogueItemState) => boolean,
    taken: () => Error,
  ): Promise<void> {
    const { last, holder } = await this.current(streamId, stillHolds);
    if (holder === itemId) return;
    if (holder) throw taken();
    try {
      await this.store.append({
        streamId,
        streamType: 'catalogueItemClaim',
        expectedRevision: last ? last.revision : 'no_stream',
        events: [{ type, data: { itemId }, metadata: { actorUserId: 'system:catalogue-items' } }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision) throw taken();
      throw error;
    }
  }
}
