// Workload (a): real workflow actions on distinct purchase orders. Each order sits in `rejected`; the cycle
// is Resubmit (kumar, level 10: back to `new` with an approval round open) then Reject with a remark
// (lim, level 20: `rejected` again), both accepted by the machine, forever. A shared queue hands each
// request an order no other request holds, with its exact revision for If-Match; the reply's revision goes
// back into the queue with the order. So no two requests race on one order, and any non-2xx is a real
// refusal (or error), counted by status.
import type { Request } from 'autocannon';

export type CycleDocument = { id: string; revision: number; next: 'Resubmit' | 'Reject' };

export type CycleTally = { ok: number; byStatus: Map<number, number>; firstRefusals: string[] };

type Context = { document?: CycleDocument };

export function actionCycle(documents: CycleDocument[], tokens: { kumar: string; lim: string }): { request: Request; tally: CycleTally } {
  const ready = [...documents];
  const tally: CycleTally = { ok: 0, byStatus: new Map(), firstRefusals: [] };
  const request: Request = {
    method: 'POST',
    setupRequest(req, raw) {
      const context = raw as Context;
      const document = ready.shift();
      if (!document) throw new Error('no order free: seed more documents than connections');
      context.document = document;
      const reject = document.next === 'Reject';
      return {
        ...req,
        method: 'POST',
        path: `/api/documents/purchaseOrder/${document.id}/actions/${document.next}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${reject ? tokens.lim : tokens.kumar}`,
          'if-match': String(document.revision),
        },
        body: JSON.stringify(reject ? { remark: 'Rates above the price list, revise' } : { remark: 'Revised rates' }),
      };
    },
    onResponse(status, body, raw) {
      const context = raw as Context;
      const document = context.document;
      tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
      if (!document) return;
      context.document = undefined;
      if (status >= 200 && status < 300) {
        tally.ok++;
        document.revision = (JSON.parse(body) as { revision: number }).revision;
        document.next = document.next === 'Reject' ? 'Resubmit' : 'Reject';
        ready.push(document);
      } else if (tally.firstRefusals.length < 5) {
        // Its revision is unknown now: the order leaves the queue (it is counted, not retried).
        tally.firstRefusals.push(`${status} ${body.slice(0, 200)}`);
      }
    },
  };
  return { request, tally };
}
