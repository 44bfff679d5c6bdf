// Copy and paste with a spreadsheet: copied rows come back as the same tree; a sheet's plain rows come in
// at one level; figures in the api's canonical form; a row with rows under it is a header.
import { describe, expect, it } from 'vitest';
import { addNode, addTab, emptyModel, visibleRows } from './bq-model.js';
import { rowsToTsv, tsvToRows } from './bq-clipboard.js';

describe('the clipboard', () => {
  it('rows copied out paste back as the same tree', () => {
    const model = emptyModel();
    addTab(model, 't', 'Tab');
    addNode(model, { id: 'h', tabId: 't', parentId: null, type: 'header', fields: { title: 'Excavation' } });
    addNode(model, {
      id: 'a',
      tabId: 't',
      parentId: 'h',
      type: 'item',
      fields: { title: 'Trench', description: 'n.e. 1.5 m', unit: 'm3', quantity: '10.500', rate: '2.50' },
    });
    const tsv = rowsToTsv(visibleRows(model, 't', new Set()));
    expect(tsv).toBe('1\tExcavation\t\t\t\t\t26.25\r\n1.1\tTrench\tn.e. 1.5 m\tm3\t10.5\t2.50\t26.25');
    expect(tsvToRows(tsv)).toEqual([
      { level: 1, type: 'header', title: 'Excavation', description: null, unit: null, quantity: null, rate: null },
      { level: 2, type: 'item', title: 'Trench', description: 'n.e. 1.5 m', unit: 'm3', quantity: '10.500', rate: '2.50' },
    ]);
  });

  it("a sheet's rows without numbers (a title line skipped when numbered rows follow) come in at one level", () => {
    expect(tsvToRows('Hoarding\tTimber hoarding\tm\t1,200\tRM 45\nSignboard\t\tno\t1\t350')).toEqual([
      { level: 1, type: 'item', title: 'Hoarding', description: 'Timber hoarding', unit: 'm', quantity: '1200.000', rate: '45.00' },
      { level: 1, type: 'item', title: 'Signboard', description: null, unit: 'no', quantity: '1.000', rate: '350.00' },
    ]);
    expect(tsvToRows('No.\tTitle\n2.1\tA\n2.1.1\tB\n2.2\tC')!.map((r) => `${r.level} ${r.type} ${r.title}`)).toEqual([
      '1 header A',
      '2 item B',
      '1 item C',
    ]);
    expect(tsvToRows('\n\n')).toBeNull();
  });
});
