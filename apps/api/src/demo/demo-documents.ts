// The demo's documents: what each demo user does to each document, in order, through the documents
// context's own commands (the machine decides every step, so each history is a real one). Teguh Bina
// buys: Kumar creates and proposes (level 10), Lim approves or rejects with a remark (level 20). Mutiara
// Supplies sells: Mei confirms or rejects orders as the seller, and approves what Ahmad issues (delivery
// orders, invoices), which Lim then confirms or accepts as the buyer. Dates are days from the seeding day.
// Amounts that pass an approval stay within the lowest level's limit of Teguh Bina's demo authority manuals
// (RM 10,000 for purchase orders, RM 20,000 for progressive claims), so one approver (Lim) completes the
// round whether or not the manuals are seeded. Teguh Bina's documents are made inside its three demo projects
// (`project`: the office tower, the warehouse it builds for Seri Hartanah, its housing scheme), so each project
// page has work in it.
import type { DocumentResource } from '@binaan/contracts';

export type DemoItem = {
  description: string;
  unit: string;
  quantity: string;
  rate: string;
  includeZeroRate?: boolean;
  deliveredQuantity?: string;
};
export type DemoStep = { by: string; event: string; remark?: string; amount?: string };
/** A seller's quotation on a tender: the company invited, the user who quotes and a rate per tender line, in order. */
export type DemoBid = { seller: string; by: string; rates: readonly string[] };
export type DemoDocument = {
  key: string;
  resource: DocumentResource;
  /** Creator's e-mail and the company they act for. */
  by: string;
  company: string;
  title: string;
  description?: string;
  counterparty?: string;
  /** Start and end as days from the seeding day. */
  days?: [number, number];
  items?: DemoItem[];
  /** The kind's own fields (tender times, vendor numbers, delivered quantities), from the seeding time. */
  fields?: (now: Date) => Record<string, unknown>;
  steps: DemoStep[];
  /** The code of the creating company's project the document is made in (authority-projects.demo.ts). */
  project?: string;
  /** A tender's sellers: invited while it is active and quoting before its Close step (demo-tender-bids.seed.ts). */
  bids?: readonly DemoBid[];
  /** The key of an earlier demo document this one names as its source (the contract varied, instructed or claimed on). */
  source?: string;
  /** A variation order's instruction: the key of an earlier demo instruction. */
  instruction?: string;
};

const KUMAR = 'kumar@teguhbina.my';
const LIM = 'lim@teguhbina.my';
const MEI = 'mei@mutiarasupplies.my';
const AHMAD = 'ahmad@mutiarasupplies.my';
const TEGUH = 'teguh-bina';
const HOUR = 3_600_000;
/** A tender's bidding window from the seeding time: opens in an hour, closes after `days`, delivery from the day after. */
const biddingWindow = (days: number) => (now: Date) => ({
  openAt: new Date(now.getTime() + HOUR).toISOString(),
  closeAt: new Date(now.getTime() + days * 24 * HOUR).toISOString(),
  expectedDeliveryStart: new Date(now.getTime() + (days + 2) * 24 * HOUR).toISOString().slice(0, 10),
});
/** A trade tender's bidding window: the demo's tenders are each a trade package (piling, M&E, landscaping), so the tenders list's type column and filter show something. */
const tradeTender = (days: number) => (now: Date) => ({ ...biddingWindow(days)(now), tenderType: 'trade' });
const MUTIARA = 'mutiara-supplies';

const concrete: DemoItem[] = [
  { description: 'Ready-mix concrete G30', unit: 'm3', quantity: '24', rate: '245.00' },
  { description: 'Concrete pump hire', unit: 'day', quantity: '1', rate: '850.00' },
];
const rebar: DemoItem[] = [
  { description: 'High-tensile rebar T12', unit: 'tonne', quantity: '1.2', rate: '3450.00' },
  { description: 'High-tensile rebar T16', unit: 'tonne', quantity: '0.9', rate: '3420.00' },
];
const blocks: DemoItem[] = [{ description: 'Cement sand brick', unit: 'nos', quantity: '9500', rate: '0.42' }];
const formwork: DemoItem[] = [{ description: 'Plywood formwork 18 mm', unit: 'sheet', quantity: '120', rate: '68.50' }];

/** Teguh Bina's demo projects (authority-projects.demo.ts): the office tower it builds (demand), the warehouse it builds for Seri Hartanah (supply), its housing scheme (developer). */
const TOWER = 'TB-MT-A';
const WAREHOUSE = 'TB-GB-SA';
const HOUSING = 'TB-TSK-2';

const po = (key: string, title: string, items: DemoItem[], steps: DemoStep[]): DemoDocument => ({
  key,
  resource: 'purchaseOrder',
  by: KUMAR,
  company: TEGUH,
  counterparty: MUTIARA,
  title,
  days: [7, 21],
  items,
  steps,
  project: TOWER,
});
const requestAndApprove: DemoStep[] = [
  { by: KUMAR, event: 'Request_Approve' },
  { by: LIM, event: 'Approve', remark: 'Within budget' },
];

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  // Purchase orders in every status the demo authority reaches.
  po('po-new', 'Plywood formwork for Block B, level 2', formwork, []),
  po('po-awaiting-approval', 'Cement sand bricks for Block A partitions', blocks, [{ by: KUMAR, event: 'Request_Approve' }]),
  po('po-pending-confirmation', 'Rebar T12 and T16 for pile caps', rebar, requestAndApprove),
  po('po-accepted', 'Ready-mix concrete G30 for level 3 slab', concrete, [
    ...requestAndApprove,
    { by: MEI, event: 'Confirm', remark: 'Delivery from next Monday, 7 am' },
  ]),
  po('po-fulfilled', 'Ready-mix concrete G30 for level 2 slab', concrete, [
    ...requestAndApprove,
    { by: MEI, event: 'Confirm', remark: 'Two trucks booked' },
    { by: KUMAR, event: 'Fulfil' },
  ]),
  po('po-rejected', 'Rebar T16 for Block C columns', rebar, [
    { by: KUMAR, event: 'Request_Approve' },
    { by: LIM, event: 'Reject', remark: 'Rates above the 2026 price list; ask Mutiara for a revised quote' },
  ]),
  po('po-rejected-by-seller', 'Bricks for the guardhouse', blocks, [
    ...requestAndApprove,
    { by: MEI, event: 'Reject_By_Seller', remark: 'Out of stock until next month; please reorder then' },
  ]),
  po('po-resubmitted', 'Formwork plywood for Block A staircase', formwork, [
    { by: KUMAR, event: 'Request_Approve' },
    { by: LIM, event: 'Reject', remark: 'Quantity looks high for one staircase; check the take-off' },
    { by: KUMAR, event: 'Resubmit', remark: 'Take-off checked: covers both staircases' },
    { by: LIM, event: 'Approve', remark: 'Agreed' },
  ]),
  po('po-cancelled', 'Concrete for the temporary site office', concrete, [
    { by: KUMAR, event: 'Cancel', remark: 'Site office moved to a rented cabin' },
  ]),
  // Tenders: active, rejected with a remark, and closed for comparison.
  {
    key: 'tender-active',
    resource: 'tender',
    by: KUMAR,
    company: TEGUH,
    title: 'M&E works, Bangunan Pejabat Seri Kembangan',
    days: [14, 120],
    fields: tradeTender(12),
    items: [
      { description: 'Electrical installation', unit: 'lot', quantity: '1', rate: '0.00', includeZeroRate: true },
      { description: 'Air-conditioning and ventilation', unit: 'lot', quantity: '1', rate: '0.00', includeZeroRate: true },
    ],
    project: HOUSING,
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Approve', remark: 'Tender documents complete' },
    ],
  },
  {
    key: 'tender-rejected',
    resource: 'tender',
    by: KUMAR,
    company: TEGUH,
    title: 'Landscaping, Taman Teguh phase 1',
    days: [30, 90],
    fields: tradeTender(21),
    items: [{ description: 'Softscape and turfing', unit: 'm2', quantity: '3500', rate: '0.00', includeZeroRate: true }],
    project: HOUSING,
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Reject', remark: 'Attach the landscape drawings before inviting bidders' },
    ],
  },
  {
    key: 'tender-comparison',
    resource: 'tender',
    by: KUMAR,
    company: TEGUH,
    title: 'Piling works, Block C',
    days: [7, 60],
    fields: tradeTender(5),
    items: [{ description: 'Spun piles 300 mm', unit: 'm', quantity: '1800', rate: '0.00', includeZeroRate: true }],
    project: TOWER,
    // Two sellers of Teguh Bina's directory quote 1,800 m of piles: RM 129,600.00 and RM 123,300.00.
    bids: [
      { seller: 'kukuh-jaya', by: 'wong@kukuhcontractor.my', rates: ['72.00'] },
      { seller: MUTIARA, by: AHMAD, rates: ['68.50'] },
    ],
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Approve' },
      { by: KUMAR, event: 'Close', remark: 'Both invited sellers have quoted: closed for comparison' },
    ],
  },
  // A trade request inside the office tower, approved and ready to become a tender ("Make a tender").
  {
    key: 'trade-request-approved',
    resource: 'tradeRequest',
    by: KUMAR,
    company: TEGUH,
    title: 'Waterproofing, basement levels B1 and B2',
    days: [21, 60],
    items: [
      { description: 'Crystalline waterproofing to basement slab', unit: 'm2', quantity: '2400', rate: '32.00' },
      { description: 'Water stop at construction joints', unit: 'm', quantity: '380', rate: '0.00', includeZeroRate: true },
    ],
    project: TOWER,
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Approve', remark: 'Within the substructure budget' },
    ],
  },
  // A progressive claim to the developer: approved and invoiced; and one waiting for verification.
  {
    key: 'claim-invoiced',
    resource: 'progressiveClaim',
    by: KUMAR,
    company: TEGUH,
    counterparty: 'seri-hartanah',
    title: 'Progress claim no. 3: substructure',
    days: [0, 30],
    items: [{ description: 'Pile caps, grid A to C, 60% complete', unit: 'lot', quantity: '1', rate: '18640.00' }],
    project: WAREHOUSE,
    steps: [
      { by: KUMAR, event: 'Request_Verify' },
      { by: LIM, event: 'Approve', remark: 'Quantities checked on site' },
      { by: KUMAR, event: 'Invoice' },
    ],
  },
  {
    key: 'claim-pending',
    resource: 'progressiveClaim',
    by: KUMAR,
    company: TEGUH,
    counterparty: 'seri-hartanah',
    title: 'Progress claim no. 4: superstructure level 1',
    days: [0, 30],
    items: [{ description: 'Level 1 columns and slab, 40% complete', unit: 'lot', quantity: '1', rate: '98250.00' }],
    project: WAREHOUSE,
    steps: [{ by: KUMAR, event: 'Request_Verify' }],
  },
  // A work order to the subcontractor, approved and waiting for them.
  {
    key: 'work-order',
    resource: 'workOrder',
    by: KUMAR,
    company: TEGUH,
    counterparty: 'kukuh-jaya',
    title: 'Brickwork, Block A levels 1 to 3',
    days: [10, 40],
    items: [{ description: 'Brick wall 115 mm, labour only', unit: 'm2', quantity: '1450', rate: '18.50' }],
    project: TOWER,
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Approve' },
    ],
  },
  // The seller's side: a delivery order for the accepted concrete order, confirmed by the buyer; an invoice accepted by the buyer.
  {
    key: 'delivery-order',
    resource: 'deliveryOrder',
    by: AHMAD,
    company: MUTIARA,
    counterparty: TEGUH,
    title: 'Delivery of ready-mix concrete G30, level 2 slab',
    days: [1, 1],
    items: [{ description: 'Ready-mix concrete G30', unit: 'm3', quantity: '24', rate: '245.00', deliveredQuantity: '24' }],
    fields: () => ({ vendorDocumentNo: 'MS-DO-2026-0342', driverName: 'Rosli bin Ahmad', driverContact: '+60 12-345 6789' }),
    steps: [
      { by: AHMAD, event: 'Request_Approve' },
      { by: MEI, event: 'Approve' },
      { by: LIM, event: 'Confirm', remark: 'Received in full, slump test passed' },
      { by: AHMAD, event: 'Fulfil' },
    ],
  },
  {
    key: 'invoice',
    resource: 'invoice',
    by: AHMAD,
    company: MUTIARA,
    counterparty: TEGUH,
    title: 'Invoice for ready-mix concrete, level 2 slab',
    days: [0, 30],
    items: concrete,
    fields: () => ({ vendorDocumentNo: 'MS-INV-2026-0117' }),
    steps: [
      { by: AHMAD, event: 'Request_Verify' },
      { by: MEI, event: 'Approve' },
      { by: LIM, event: 'Accept', remark: 'Matches the delivery order' },
    ],
  },
  // On the accepted concrete order (RM 6,730.00): a site instruction Mutiara accepted, the variation order made
  // from it, approved and issued (the order's sum as varied: RM 7,220.00), and an omission waiting for approval.
  {
    key: 'instruction-accepted',
    resource: 'instruction',
    by: KUMAR,
    company: TEGUH,
    counterparty: MUTIARA,
    source: 'po-accepted',
    title: 'Site instruction no. 1: thicken the level 3 slab at grid B',
    description: 'Structural engineer asks for 250 mm at grid B4 to B6 after the coring results',
    days: [2, 9],
    items: [{ description: 'Additional ready-mix concrete G30', unit: 'm3', quantity: '2', rate: '0', includeZeroRate: true }],
    project: TOWER,
    steps: [
      { by: LIM, event: 'Issue' },
      { by: MEI, event: 'Accept', remark: 'Noted; extra 2 m3 in the Monday pour' },
    ],
  },
  {
    key: 'variation-issued',
    resource: 'variationOrder',
    by: KUMAR,
    company: TEGUH,
    counterparty: MUTIARA,
    source: 'po-accepted',
    instruction: 'instruction-accepted',
    title: 'Variation order no. 1: extra concrete for the level 3 slab',
    days: [2, 9],
    items: [{ description: 'Additional ready-mix concrete G30', unit: 'm3', quantity: '2', rate: '245.00' }],
    fields: () => ({ variationType: 'addition' }),
    project: TOWER,
    steps: requestAndApprove,
  },
  {
    key: 'variation-pending',
    resource: 'variationOrder',
    by: KUMAR,
    company: TEGUH,
    counterparty: MUTIARA,
    source: 'po-accepted',
    title: 'Variation order no. 2: concrete pump not needed',
    days: [2, 9],
    items: [{ description: 'Concrete pump hire, omitted (crane and skip used)', unit: 'day', quantity: '1', rate: '850.00' }],
    fields: () => ({ variationType: 'omission' }),
    project: TOWER,
    steps: [{ by: KUMAR, event: 'Request_Approve' }],
  },
  // Payment certificates to Kukuh Jaya on the brickwork work order (contract sum 1,450 m2 x RM 18.50 =
  // RM 26,825.00), each a valuation, so the amount they show is the one their round and fee are computed on:
  // one approved and closed (Kukuh Jaya sees it and can print its receipt), one rejected with a remark
  // (never shown to Kukuh Jaya).
  {
    key: 'payment-certificate',
    resource: 'paymentCertificate',
    by: KUMAR,
    company: TEGUH,
    counterparty: 'kukuh-jaya',
    title: 'Payment certificate no. 2: Kukuh Jaya brickwork',
    days: [0, 14],
    fields: () => ({
      invoiceNo: 'KJ-INV-2026-0031',
      contractSum: '26825.00',
      workDoneAmount: '18500.00',
      previousCertifiedAmount: '8000.00',
    }),
    project: TOWER,
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Approve', remark: 'Work verified by the site team' },
      { by: LIM, event: 'Close' },
    ],
  },
  {
    key: 'payment-certificate-rejected',
    resource: 'paymentCertificate',
    by: KUMAR,
    company: TEGUH,
    counterparty: 'kukuh-jaya',
    title: 'Payment certificate no. 3: Kukuh Jaya brickwork',
    days: [0, 14],
    fields: () => ({
      invoiceNo: 'KJ-INV-2026-0044',
      contractSum: '26825.00',
      workDoneAmount: '26825.00',
      previousCertifiedAmount: '15000.00',
    }),
    project: TOWER,
    steps: [
      { by: KUMAR, event: 'Request_Approve' },
      { by: LIM, event: 'Reject', remark: 'Certified before should be RM 17,158.75 (certificate no. 2 after retention); recompute' },
    ],
  },
];
