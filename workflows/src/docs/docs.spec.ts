/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workflowCatalogue } from '../catalogue.js';
import { renderAllDocs } from './render-docs.js';

// jest runs from the repository root (jest.config.js), where workflows/docs lives.
const docsFolder = join(process.cwd(), 'workflows', 'docs');
const regenerate = 'stale: run `npx tsc -b workflows && node workflows/dist/docs/generate-docs.js` and commit workflows/docs';

describe('generated workflow docs', () => {
  const expected = renderAllDocs(workflowCatalogue());

  it.each([...expected.keys()].map((name) => [name]))('workflows/docs/%s matches its machine', (name) => {
    const committed = readFileSync(join(docsFolder, name), 'utf8');
    expect({ file: name, content: committed, hint: regenerate }).toEqual({ file: name, content: expected.get(name), hint: regenerate });
  });

  it('holds no doc of a machine that no longer exists', () => {
    const committed = readdirSync(docsFolder).filter((n) => n.endsWith('.md'));
    expect(committed.sort()).toEqual([...expected.keys()].sort());
  });

  it('draws every transition of a machine in its diagram and table', () => {
    const entry = workflowCatalogue().find((e) => e.resource === 'subPurchaseOrder');
    const doc = entry ? expected.get('subPurchaseOrder.md') : undefined;
    expect(doc).toContain('state "pending confirmation" as pending_confirmation');
    expect(doc).toContain('[*] --> new : Create');
    expect(doc).toContain('| pending confirmation | Confirm | accepted | counterparty (seller), level 20 |  |');
  });
});
