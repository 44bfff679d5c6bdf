// Document numbers per company, kind and year (PO-2026-00042): a counter stream per (company, prefix,
// year), appended with the expected revision and retried on a conflict, so numbers are unique and
// gapless. A number is taken only after the machine has accepted the Create.
import { Inject, Injectable } from '@nestjs/common';
import { DocumentNumberPrefixes, type DocumentNumberAllocated, type DocumentResource } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { EVENT_STORE } from '../store/store.tokens.js';

export const formatDocumentNo = (prefix: string, year: number, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;

const MAX_ATTEMPTS = 200;

@Injectable()
export class DocumentNumbers {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async allocate(companyId: string, resource: DocumentResource, at: Date, documentId: string, actorUserId: string): Promise<string> {
    const prefix = DocumentNumberPrefixes[resource];
    const year = at.getUTCFullYear();
    const streamId = `documentNumber-${companyId}-${prefix}-${year}`;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const head = await this.store.streamHead(streamId);
      const sequence = head === null ? 1 : head.revision + 2;
      const documentNo = formatDocumentNo(prefix, year, sequence);
      const event: DocumentNumberAllocated = { type: 'DocumentNumberAllocated', data: { documentNo, documentId, sequence } };
      try {
        await this.store.append({
          streamId,
          streamType: 'documentNumber',
          expectedRevision: head === null ? 'no_stream' : head.revision,
          events: [{ ...event, metadata: { actorUserId, actorCompanyId: companyId } }],
        });
        return documentNo;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt + 1, 10)));
      }
    }
    throw new WrongExpectedRevision(streamId, 'any', 'no_stream');
  }
}
