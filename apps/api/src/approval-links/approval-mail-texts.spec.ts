import { describe, expect, it } from '@jest/globals';
import { approvalMail, shownAmount, type ApprovalMailFacts } from './approval-mail-texts.js';

const facts: ApprovalMailFacts = {
  language: 'en',
  recipientName: 'Lim <Wei>',
  askerName: 'Kumar',
  resource: 'purchaseOrder',
  documentNo: 'PO-2026-00001',
  title: 'Concrete',
  description: 'Level 3 slab',
  amount: 'RM 1,308.57',
  companyName: 'Teguh Bina Sdn Bhd',
  level: 20,
  links: { approve: 'https://b.example/approval/a.b', reject: 'https://b.example/approval/c.d', expiresAt: '2026-03-05T01:00:00.000Z' },
  open: 'https://b.example/purchaseOrder/x/show',
};

describe('the approval request e-mail', () => {
  it('names the kind, number, title, amount, company and asker, with the approve, reject and open links', () => {
    const mail = approvalMail(facts);
    expect(mail.subject).toBe('Approval needed: Purchase order PO-2026-00001');
    for (const part of [
      'Kumar asks for your approval of Purchase order PO-2026-00001',
      'Concrete (Level 3 slab)',
      'RM 1,308.57',
      'Teguh Bina Sdn Bhd',
    ])
      expect(mail.text).toContain(part);
    expect(mail.text).toContain('Approve PO-2026-00001: https://b.example/approval/a.b');
    expect(mail.text).toContain('Reject… https://b.example/approval/c.d');
    expect(mail.text).toContain('https://b.example/purchaseOrder/x/show');
    expect(mail.text).toContain('until 2026-03-05 01:00 (UTC)');
    expect(mail.html).toContain('Hello Lim &lt;Wei&gt;,');
    expect(mail.html).not.toContain('<Wei>');
  });

  it('in Malay and Chinese; without links it says to open the document', () => {
    expect(approvalMail({ ...facts, language: 'ms' }).subject).toBe('Kelulusan diperlukan: Pesanan belian PO-2026-00001');
    expect(approvalMail({ ...facts, language: 'ms' }).text).toContain('Luluskan PO-2026-00001');
    expect(approvalMail({ ...facts, language: 'zh' }).subject).toBe('需要审批：采购订单 PO-2026-00001');
    const without = approvalMail({ ...facts, links: null });
    expect(without.text).not.toContain('/approval/');
    expect(without.text).toContain('Open the document in Binaan to approve or reject it.');
  });

  it('shows amounts with thousands separators', () => {
    expect(shownAmount('RM', '1234567.80')).toBe('RM 1,234,567.80');
    expect(shownAmount('RM', '12.00')).toBe('RM 12.00');
  });
});
