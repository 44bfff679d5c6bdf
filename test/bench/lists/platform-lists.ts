// The platform's own lists, for the lists bench: the administrator's e-mail log, inquiries, advertisements,
// billing records and coupons, and a company's billing records. Their read models are grown in SQL: `size`
// rows of each (half the billing records the bench company's). A page at a million should cost about what it
// costs at a thousand: each offered order has an index (newest first, with and without the status filter),
// and no call counts the whole set (the offset lists count up to a cap; billings and coupons page by keyset
// and count nothing). BENCH_CALLS=platform measures these alone.
import type { PlanCall } from './plan-lists.js';
import { COMPANY } from './seed.js';

/** A keyset cursor (common/keyset-page.ts): the page after this sort key and id. */
const after = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');
const BILLING_BASE = 1_000_000;
const NEWEST_MAIL = 'sent_at DESC, position DESC';
const NEWEST_INQUIRY = 'received_at DESC, position DESC';
const NEWEST_AD = 'created_at DESC, position DESC';

export const PLATFORM_CALLS: PlanCall[] = [
  {
    name: 'platform e-mail log: first page',
    path: '/api/admin/email-log',
    as: 'platformAdmin',
    bare: { table: 'mail_log', owner: 'shown', order: NEWEST_MAIL },
  },
  {
    name: 'platform e-mail log: failed',
    path: '/api/admin/email-log',
    filter: { status: 'failed' },
    as: 'platformAdmin',
    bare: { table: 'mail_log', owner: 'status', ownerValue: 'failed', order: NEWEST_MAIL },
  },
  {
    name: 'platform e-mail log: page 40 (range 975-999)',
    path: '/api/admin/email-log',
    range: [975, 999],
    as: 'platformAdmin',
    bare: { table: 'mail_log', owner: 'shown', order: NEWEST_MAIL, offset: 975 },
  },
  {
    name: 'platform inquiries: first page',
    path: '/api/admin/inquiries',
    as: 'platformAdmin',
    bare: { table: 'inquiries', owner: 'shown', order: NEWEST_INQUIRY },
  },
  {
    name: 'platform inquiries: new',
    path: '/api/admin/inquiries',
    filter: { status: 'new' },
    as: 'platformAdmin',
    bare: { table: 'inquiries', owner: 'status', ownerValue: 'new', order: NEWEST_INQUIRY },
  },
  {
    name: 'platform inquiries: page 40 (range 975-999)',
    path: '/api/admin/inquiries',
    range: [975, 999],
    as: 'platformAdmin',
    bare: { table: 'inquiries', owner: 'shown', order: NEWEST_INQUIRY, offset: 975 },
  },
  {
    name: 'platform advertisements: first page',
    path: '/api/admin/advertisements',
    as: 'platformAdmin',
    bare: { table: 'advertisements', owner: 'shown', order: NEWEST_AD },
  },
  {
    name: 'platform advertisements: published',
    path: '/api/admin/advertisements',
    filter: { status: 'published' },
    as: 'platformAdmin',
    bare: { table: 'advertisements', owner: 'status', ownerValue: 'published', order: NEWEST_AD },
  },
  {
    name: 'platform advertisements: sorted by title',
    path: '/api/admin/advertisements',
    query: { sort: '["title","ASC"]' },
    as: 'platformAdmin',
    bare: { table: 'advertisements', owner: 'shown', order: 'title ASC, position ASC' },
  },
  {
    name: 'platform advertisements: sorted by validFrom',
    path: '/api/admin/advertisements',
    query: { sort: '["validFrom","DESC"]' },
    as: 'platformAdmin',
    bare: { table: 'advertisements', owner: 'shown', order: 'valid_from DESC, position DESC' },
  },
  {
    name: 'platform advertisements: sorted by validTo',
    path: '/api/admin/advertisements',
    query: { sort: '["validTo","DESC"]' },
    as: 'platformAdmin',
    bare: { table: 'advertisements', owner: 'shown', order: 'valid_to DESC, position DESC' },
  },
  {
    name: 'platform billings: every company, first page',
    path: '/api/billings',
    as: 'platformAdmin',
    bare: { table: 'billings', owner: 'shown', order: 'sequence DESC' },
  },
  {
    name: 'platform billings: every company, paid',
    path: '/api/billings',
    filter: { status: 'paid' },
    as: 'platformAdmin',
    bare: { table: 'billings', owner: 'status', ownerValue: 'paid', order: 'sequence DESC' },
  },
  {
    name: 'platform billings: every company, a page deep (after 900)',
    path: '/api/billings',
    query: { after: after(String(BILLING_BASE + 900), 'x') },
    as: 'platformAdmin',
    bare: { table: 'billings', owner: 'shown', where: `sequence < ${BILLING_BASE + 900}`, order: 'sequence DESC' },
  },
  {
    name: "platform billings: the company's own, first page",
    path: '/api/billings',
    as: 'companyAdmin',
    bare: { table: 'billings', owner: 'company_id', order: 'sequence DESC' },
  },
  {
    name: 'platform coupons: first page',
    path: '/api/coupons',
    as: 'platformAdmin',
    bare: { table: 'coupons', owner: 'shown', order: 'position DESC' },
  },
  {
    name: 'platform coupons: inactive',
    path: '/api/coupons',
    filter: { status: 'inactive' },
    as: 'platformAdmin',
    bare: { table: 'coupons', owner: 'status', ownerValue: 'inactive', order: 'position DESC' },
  },
];

/** Rows n = from .. to-1 of each list's read model. */
export function growPlatformSql(from: number, to: number): string[] {
  if (to <= from) return [];
  const series = `FROM generate_series(${from}, ${to - 1}) AS n`;
  const at = `timestamptz '2020-01-01' + n * interval '37 seconds'`;
  return [
    `INSERT INTO mail_log (mail_id, position, sent_at, status, channel, recipient, subject, purpose, error)
       SELECT 'bench-mail-' || n, n, ${at}, CASE WHEN n % 20 = 3 THEN 'failed' ELSE 'sent' END, 'email', 'person' || n || '@bench.my',
         'Bench subject ' || n, 'bench', CASE WHEN n % 20 = 3 THEN 'mailbox full' END ${series}`,
    `INSERT INTO inquiries (inquiry_id, position, received_at, status, name, email, phone, company_name, subject, message, language, revision, updated_at, last_remark)
       SELECT 'bench-inquiry-' || n, n, ${at}, (ARRAY['new', 'close', 'cancel'])[1 + n % 3], 'Bench person ' || n, 'person' || n || '@bench.my', '+60123456789',
         'Bench company ' || n, 'Bench subject ' || n, 'Bench message', 'en', 0, ${at}, NULL ${series}`,
    `INSERT INTO advertisements (advertisement_id, position, title, link_url, valid_from, valid_to, status, image_file_id, image_media_type, image_size, image_width, image_height, created_at, changed_at, revision)
       SELECT 'bench-ad-' || n, n, 'Bench advertisement ' || md5(n::text), NULL, date '2020-01-01' + n % 3000, date '2020-01-31' + n % 3000,
         (ARRAY['draft', 'published', 'withdrawn'])[1 + n % 3], repeat('0', 64), 'image/png', 1000, 1200, 300, ${at}, ${at}, 0 ${series}`,
    `INSERT INTO billings (billing_id, sequence, company_id, order_id, package_id, buyer, coupon_code, price, discount, subtotal, sst_rate, sst, total, currency, status, ordered_at, ordered_by, revision)
       SELECT 'BENCH-' || n, ${BILLING_BASE} + n, CASE WHEN n % 2 = 0 THEN '${COMPANY}' ELSE 'bench-billed-' || (n % 1000) END, 'bench-order-' || n,
         'subcontractor-basic', '{"name":"Bench"}'::jsonb, NULL, 300000, 0, 300000, 600, 18000, 318000, 'MYR',
         (ARRAY['new', 'pendingPayment', 'paid', 'cancelled'])[1 + n % 4], ${at}, NULL, 2 ${series}`,
    `INSERT INTO coupons (coupon_id, position, code, discount_type, discount, package_ids, valid_from, valid_to, max_uses, uses, status, created_at, created_by, revision)
       SELECT 'bench-coupon-' || n, n, 'BENCH' || n, 'percentage', 10, ARRAY['subcontractor-basic'], '2020-01-01', '2030-12-31', 10, 0,
         (ARRAY['active', 'inactive', 'redeemed'])[1 + n % 3], ${at}, NULL, 0 ${series}`,
  ];
}

export const PLATFORM_ANALYZE = ['mail_log', 'inquiries', 'advertisements', 'billings', 'coupons'].map(
  (table) => `VACUUM ANALYZE ${table}`,
);
