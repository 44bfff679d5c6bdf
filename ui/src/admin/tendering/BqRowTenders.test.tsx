// @vitest-environment happy-dom
// The chosen BQ row's tenders: from the project's list, or, when the api capped that list, asked for by row
// (a row past the cap would otherwise show nothing, as if it had no tenders).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { BqItemTender } from './request-api.js';

const calls: (string | undefined)[] = [];
const tender = (id: string, lineNo: number): BqItemTender => ({ id, documentNo: `TND-${id}`, title: 'Package', status: 'new', lineNo });
vi.mock('./request-api.js', () => ({
  bqItemTenders: (_projectId: string, bqItemId?: string) => {
    calls.push(bqItemId);
    return Promise.resolve({
      projectId: 'p',
      capped: false,
      data: bqItemId === 'row-9000' ? [{ bqItemId, tenders: [tender('t9', 3)] }] : [],
    });
  },
}));
const { useRowTenders } = await import('./BqRowTenders.js');

describe('useRowTenders', () => {
  afterEach(() => {
    cleanup();
    calls.length = 0;
  });

  it("reads the row from the project's list when it was whole, asking nothing more", () => {
    const project = { links: new Map([['row-1', [tender('t1', 1)]]]), capped: false };
    const { result } = renderHook(() => useRowTenders('p', 'row-1', project));
    expect(result.current).toEqual([tender('t1', 1)]);
    expect(calls).toEqual([]);
  });

  it("asks for the row by its id when the project's list was capped, and shows what that reply holds", async () => {
    const project = { links: new Map<string, BqItemTender[]>(), capped: true };
    const { result, rerender } = renderHook(({ rowId }) => useRowTenders('p', rowId, project), { initialProps: { rowId: 'row-9000' } });
    await waitFor(() => expect(result.current).toEqual([tender('t9', 3)]));
    expect(calls).toEqual(['row-9000']);
    // Another row: nothing of the first one's is shown for it while its own reply is on the way.
    rerender({ rowId: 'row-2' });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual([]));
    expect(calls).toEqual(['row-9000', 'row-2']);
  });
});
