// The approval request e-mail in English, Malay and Chinese: what is asked (kind, number, title, amount,
// company, who asked) and the links (approve, reject with a remark, open in the app). Plain text and a
// small HTML part; every value put in the HTML is escaped.
import type { DocumentResource } from '@binaan/contracts';

export type MailLanguage = 'en' | 'ms' | 'zh';
export const MAIL_LANGUAGES: readonly MailLanguage[] = ['en', 'ms', 'zh'];

/** One name per kind and language, as the ui's resources name them (singular). */
const KINDS: Readonly<Record<DocumentResource, Readonly<Record<MailLanguage, string>>>> = {
  tender: { en: 'Tender', ms: 'Tender', zh: '招标' },
  letterOfAward: { en: 'Letter of award', ms: 'Surat setuju terima', zh: '中标通知书' },
  workOrder: { en: 'Work order', ms: 'Pesanan kerja', zh: '工作订单' },
  progressiveClaim: { en: 'Progressive claim', ms: 'Tuntutan kemajuan', zh: '进度索赔' },
  milestoneClaim: { en: 'Milestone claim', ms: 'Tuntutan pencapaian', zh: '里程碑索赔' },
  paymentCertificate: { en: 'Payment certificate', ms: 'Sijil bayaran', zh: '付款证书' },
  purchaseOrder: { en: 'Purchase order', ms: 'Pesanan belian', zh: '采购订单' },
  rentalOrder: { en: 'Rental order', ms: 'Pesanan sewaan', zh: '租赁订单' },
  subPurchaseOrder: { en: 'Sub purchase order', ms: 'Sub pesanan belian', zh: '分包采购订单' },
  subRentalOrder: { en: 'Sub rental order', ms: 'Sub pesanan sewaan', zh: '分包租赁订单' },
  deliveryOrder: { en: 'Delivery order', ms: 'Pesanan penghantaran', zh: '送货单' },
  serviceOrder: { en: 'Service order', ms: 'Pesanan perkhidmatan', zh: '服务订单' },
  invoice: { en: 'Invoice', ms: 'Invois', zh: '发票' },
  stock: { en: 'Stock', ms: 'Stok', zh: '库存' },
  materialRequest: { en: 'Material request', ms: 'Permintaan bahan', zh: '材料申请' },
  machineRequest: { en: 'Machine request', ms: 'Permintaan mesin', zh: '机械申请' },
  tradeRequest: { en: 'Trade request', ms: 'Permintaan kerja tred', zh: '分包工程申请' },
  variationOrder: { en: 'Variation order', ms: 'Arahan perubahan kerja', zh: '变更令' },
  instruction: { en: 'Instruction', ms: 'Arahan', zh: '指令' },
};

export const kindName = (resource: DocumentResource, language: MailLanguage) => KINDS[resource][language];

type Words = {
  subject: (kind: string, number: string) => string;
  hello: (name: string) => string;
  asks: (asker: string, kind: string, number: string, level: number) => string;
  title: string;
  amount: string;
  company: string;
  approve: (number: string) => string;
  reject: string;
  open: string;
  expires: (at: string) => string;
  noLinks: string;
  why: string;
};

const WORDS: Readonly<Record<MailLanguage, Words>> = {
  en: {
    subject: (kind, number) => `Approval needed: ${kind} ${number}`,
    hello: (name) => `Hello ${name},`,
    asks: (asker, kind, number, level) => `${asker} asks for your approval of ${kind} ${number} (verify level ${level}).`,
    title: 'Title',
    amount: 'Amount',
    company: 'Company',
    approve: (number) => `Approve ${number}`,
    reject: 'Reject…',
    open: 'Open it in Binaan',
    expires: (at) =>
      `The approve and reject links work once each, for you only, until ${at} (UTC). Binaan checks your authority again when you use one.`,
    noLinks: 'Open the document in Binaan to approve or reject it.',
    why: 'You receive this because you hold the approval level the document waits for.',
  },
  ms: {
    subject: (kind, number) => `Kelulusan diperlukan: ${kind} ${number}`,
    hello: (name) => `Salam ${name},`,
    asks: (asker, kind, number, level) => `${asker} memohon kelulusan anda bagi ${kind} ${number} (tahap pengesahan ${level}).`,
    title: 'Tajuk',
    amount: 'Jumlah',
    company: 'Syarikat',
    approve: (number) => `Luluskan ${number}`,
    reject: 'Tolak…',
    open: 'Buka dalam Binaan',
    expires: (at) =>
      `Pautan lulus dan tolak berfungsi sekali sahaja, untuk anda sahaja, sehingga ${at} (UTC). Binaan menyemak semula kuasa anda apabila anda menggunakannya.`,
    noLinks: 'Buka dokumen dalam Binaan untuk meluluskan atau menolaknya.',
    why: 'Anda menerima e-mel ini kerana anda memegang tahap kelulusan yang ditunggu oleh dokumen ini.',
  },
  zh: {
    subject: (kind, number) => `需要审批：${kind} ${number}`,
    hello: (name) => `${name}，您好：`,
    asks: (asker, kind, number, level) => `${asker} 请您审批${kind} ${number}（审核级别 ${level}）。`,
    title: '标题',
    amount: '金额',
    company: '公司',
    approve: (number) => `批准 ${number}`,
    reject: '拒绝…',
    open: '在 Binaan 中打开',
    expires: (at) => `批准和拒绝链接仅供您本人使用，各限一次，有效至 ${at}（UTC）。使用时 Binaan 会再次核对您的权限。`,
    noLinks: '请在 Binaan 中打开该文件进行批准或拒绝。',
    why: '您收到此邮件，是因为您持有该文件等待的审批级别。',
  },
};

export type ApprovalMailFacts = {
  language: MailLanguage;
  recipientName: string;
  askerName: string;
  resource: DocumentResource;
  documentNo: string;
  title: string;
  description: string | null;
  /** As shown: "RM 1,308.57". */
  amount: string;
  companyName: string;
  level: number;
  /** Null where links are off (production without APPROVAL_LINK_KEY): the mail says to open the app. */
  links: { approve: string; reject: string; expiresAt: string } | null;
  open: string;
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function approvalMail(facts: ApprovalMailFacts): { subject: string; text: string; html: string } {
  const w = WORDS[facts.language];
  const kind = kindName(facts.resource, facts.language);
  const expires = facts.links ? facts.links.expiresAt.slice(0, 16).replace('T', ' ') : '';
  const rows: [string, string][] = [
    [w.title, facts.description ? `${facts.title} (${facts.description})` : facts.title],
    [w.amount, facts.amount],
    [w.company, facts.companyName],
  ];
  const text = [
    w.hello(facts.recipientName),
    '',
    w.asks(facts.askerName, kind, facts.documentNo, facts.level),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(facts.links
      ? [`${w.approve(facts.documentNo)}: ${facts.links.approve}`, `${w.reject} ${facts.links.reject}`, '']
      : [w.noLinks, '']),
    `${w.open}: ${facts.open}`,
    '',
    ...(facts.links ? [w.expires(expires)] : []),
    w.why,
    '',
    'Binaan',
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escape(href)}">${escape(label)}</a>`;
  const html = [
    `<p>${escape(w.hello(facts.recipientName))}</p>`,
    `<p>${escape(w.asks(facts.askerName, kind, facts.documentNo, facts.level))}</p>`,
    `<table>${rows.map(([label, value]) => `<tr><th align="left">${escape(label)}</th><td>${escape(value)}</td></tr>`).join('')}</table>`,
    facts.links
      ? `<p>${link(facts.links.approve, w.approve(facts.documentNo))} &nbsp; ${link(facts.links.reject, w.reject)}</p>`
      : `<p>${escape(w.noLinks)}</p>`,
    `<p>${link(facts.open, w.open)}</p>`,
    ...(facts.links ? [`<p>${escape(w.expires(expires))}</p>`] : []),
    `<p>${escape(w.why)}</p>`,
  ].join('\n');
  return { subject: w.subject(kind, facts.documentNo), text, html };
}

/** "RM 1,308.57" from the document's currency and total ("1308.57"). */
export function shownAmount(currency: string, total: string): string {
  const [whole, cents] = total.split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${grouped}${cents !== undefined ? `.${cents}` : ''}`;
}
