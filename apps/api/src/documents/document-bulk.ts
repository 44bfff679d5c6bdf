// Bulk actions on a selection (spec §5.3: at most 10 items): each document goes through the machine one
// by one, exactly as a single action would, and the reply reports each result. Nothing bypasses the workflow.
import { refusal, invalidFields } from '../common/refusal.js';
import { MAX_ITEMS_PER_SELECTION, type DocumentResource } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';
import { toErrorReply } from '../common/error-reply.filter.js';
import type { DocumentCommands } from './document-commands.service.js';

type Selected = { id: string; revision: number; remark?: string; amount?: string };

export type BulkResult =
  | { id: string; ok: true; revision: number; status: string }
  | { id: string; ok: false; httpStatus: number; errorCode: string; errorMessage: string };

export function parseSelection(raw: unknown): Selected[] {
  const items = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).items : undefined;
  if (!Array.isArray(items) || items.length === 0)
    throw invalidFields({ items: ['must be a non-empty list of { id, revision, remark? }'] });
  if (items.length > MAX_ITEMS_PER_SELECTION) {
    throw refusal(422, 'tooManyItemsSelected', `A selection holds at most ${MAX_ITEMS_PER_SELECTION} items.`, {
      fields: { items: ['tooManyItemsSelected'] },
    });
  }
  return items.map((item: unknown, index) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (
      typeof entry.id !== 'string' ||
      !Number.isInteger(entry.revision) ||
      (entry.remark !== undefined && typeof entry.remark !== 'string') ||
      (entry.amount !== undefined && typeof entry.amount !== 'string')
    ) {
      throw invalidFields({ [`items[${index}]`]: ['must be { id, revision, remark?, amount? }'] });
    }
    return entry as Selected;
  });
}

export async function bulkAct(
  commands: DocumentCommands,
  resource: DocumentResource,
  event: string,
  principal: Principal,
  raw: unknown,
): Promise<{ success: true; results: BulkResult[] }> {
  const results: BulkResult[] = [];
  for (const item of parseSelection(raw)) {
    const body = {
      ...(item.remark !== undefined ? { remark: item.remark } : {}),
      ...(item.amount !== undefined ? { amount: item.amount } : {}),
    };
    try {
      const reply = await commands.act(resource, item.id, event, principal, body, String(item.revision), undefined);
      results.push({ id: item.id, ok: true, revision: reply.revision, status: reply.status });
    } catch (error) {
      const { status, body: refusal } = toErrorReply(error);
      if (status >= 500) throw error;
      results.push({ id: item.id, ok: false, httpStatus: status, errorCode: refusal.errorCode, errorMessage: refusal.errorMessage });
    }
  }
  return { success: true, results };
}
