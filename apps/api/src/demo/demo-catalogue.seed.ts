// Teguh Bina's catalogue in the demo: a few products, trades and other items its buyers pick on their
// document lines, added by Aminah (the company's administrator) through the catalogue's own service.
import type { INestApplicationContext } from '@nestjs/common';
import type { CatalogueItemInput } from '@binaan/contracts';
import { CatalogueItems } from '../catalogue-items/catalogue-items.service.js';
import { teguhPrincipals } from './demo-bq.seed.js';

export const DEMO_CATALOGUE: readonly CatalogueItemInput[] = [
  {
    kind: 'product',
    code: 'CEM-50',
    name: 'Portland cement 50 kg',
    unit: 'bag',
    unitPrice: '23.50',
    brandModel: 'Orang Kuat OPC',
    manufacturer: 'YTL Cement',
    reason: 'Used on every site',
  },
  {
    kind: 'product',
    code: 'RC-G30',
    name: 'Ready-mix concrete G30',
    unit: 'm3',
    unitPrice: '265.00',
    manufacturer: 'Batching plant, Shah Alam',
  },
  {
    kind: 'product',
    code: 'RB-Y12',
    name: 'High tensile rebar Y12',
    unit: 'tonne',
    unitPrice: '3450.00',
    size: '12 mm x 12 m',
    manufacturer: 'Southern Steel',
  },
  { kind: 'product', code: 'PW-18', name: 'Plywood 18 mm', unit: 'sheet', unitPrice: '68.00', size: '1220 x 2440 mm', colour: 'Natural' },
  { kind: 'trade', code: 'TR-TIL', name: 'Floor tiling', unit: 'm2', unitPrice: '28.00', tradeCategory: 'Finishes' },
  { kind: 'trade', name: 'Wall plastering', unit: 'm2', unitPrice: '18.50', tradeCategory: 'Finishes' },
  { kind: 'other', code: 'OT-PUMP', name: 'Concrete pump hire', unit: 'day', unitPrice: '1200.00', description: 'Boom pump with operator' },
];

export async function seedDemoCatalogue(app: INestApplicationContext): Promise<number> {
  const aminah = (await teguhPrincipals(app))('aminah@teguhbina.my');
  const items = app.get(CatalogueItems, { strict: false });
  for (const item of DEMO_CATALOGUE) await items.add(aminah, item);
  return DEMO_CATALOGUE.length;
}
