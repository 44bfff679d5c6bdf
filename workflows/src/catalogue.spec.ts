import { describe, expect, it } from '@jest/globals';
import { WorkflowResourceNames, WorkflowStatuses } from '@binaan/contracts';
import { catalogueEntry, definitionFor, workflowCatalogue } from './catalogue.js';
import { decide } from './decide.js';
import { userWith } from './testing/actors.js';

describe('the workflow catalogue', () => {
  const catalogue = workflowCatalogue();

  it('lists every resource of the spec, in its order, with its statuses', () => {
    expect(catalogue.map((e) => e.resource)).toEqual(WorkflowResourceNames);
    for (const entry of catalogue) expect(entry.states.map((s) => s.status).sort()).toEqual([...WorkflowStatuses[entry.resource]].sort());
  });

  it('marks final statuses and the statuses a document is created in', () => {
    const order = catalogueEntry('purchaseOrder');
    expect(order.states.filter((s) => s.final).map((s) => s.status)).toEqual(['fulfilled', 'cancelled']);
    expect(order.states.filter((s) => s.initial).map((s) => s.status)).toEqual(['new']);
    expect(order.states.find((s) => s.status === 'pendingConfirmation')?.labelKey).toBe(
      'resources.purchaseOrder.status.pendingConfirmation',
    );
  });

  it('is plain data the api can answer as JSON', () => {
    expect(JSON.parse(JSON.stringify(catalogue))).toEqual(catalogue);
  });
});

describe('machine versions', () => {
  it('given a document created under version 1, then its context and every recorded event carry version 1', () => {
    const created = decide('tender', null, { type: 'Create', at: '2026-11-21T08:00:00.000Z' }, userWith('tender', 'u-1', 'CO', [10]));
    expect(created).toMatchObject({ ok: true, state: { context: { machineVersion: 1 } }, event: { machineVersion: 1 } });
    expect(definitionFor('tender', 1)?.machine.version).toBe('1');
    expect(catalogueEntry('tender').versions).toEqual([1]);
  });
});
