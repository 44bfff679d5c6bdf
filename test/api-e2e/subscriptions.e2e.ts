// Subscriptions through the API, given the demo data: the platform administrator configures the §9 figures
// and each package's price and caps (read by everyone signed in, changed by nobody else, each change with who,
// when and why), and keeps coupons; a company's administrator asks for a quote (price, coupon, SST 6%, half
// up) and orders a package, which makes a billing record pending payment with the next invoice number.
// Refusals: invalidSubscriptionType, invalidCoupon (unknown, inactive, out of its dates, another plan, used
// up), sameSubscriptionAsCurrent; one company never reads another's bills; two orders racing for a coupon's
// last use get it once, and two orders at once get consecutive invoice numbers.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  SERI,
  startDocumentsApp,
  TEGUH,
  KUKUH,
  userIdOf,
  type Running,
} from './documents/harness.js';

const CONFIG = '/api/platform-configuration';
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
type Setting = { key: string; value: number | null; defaultValue: number | null; changedBy: string | null; reason: string | null };
type Package = { id: string; price: number; tenderInvitations: number | null; storageGb: number; current: boolean };
type Billing = { id: string; invoiceNo: string; companyId: string; status: string; total: number; buyer: { name: string } };

describe.each(FEATURE_STORES)('subscriptions on %s', (kind) => {
  let running: Running;
  let admin: string, aminah: string, kumar: string, mei: string, wong: string, aminahAtSeri: string;
  let welcomeId = '';
  let teguhBilling = '';
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    [admin, aminah, kumar, mei, wong, aminahAtSeri] = await Promise.all([
      running.signIn('admin@binaan.my', TEGUH),
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
      running.signIn('wong@kukuhcontractor.my', KUKUH),
      running.signIn('aminah@teguhbina.my', SERI),
    ]);
  }, 300_000);
  afterAll(async () => running?.stop());
  const call = (...args: Parameters<Running['api']['call']>) => running.api.call(...args);
  const setting = async (key: string, token = kumar) =>
    ((await call('get', CONFIG, { token })).body.settings as Setting[]).find((s) => s.key === key)!;

  describe('the platform configuration', () => {
    it("lists the §9 figures and each package's price and caps to anyone signed in, at their defaults", async () => {
      const listed = await call('get', CONFIG, { token: kumar });
      expect(listed.status).toBe(200);
      const settings = listed.body.settings as Setting[];
      expect(settings.find((s) => s.key === 'sstRate')).toMatchObject({ value: 600, defaultValue: 600, changedBy: null });
      expect(settings.find((s) => s.key === 'package.subcontractor-basic.price')).toMatchObject({ value: 300_000 });
      expect(settings.find((s) => s.key === 'package.supplier-advanced.tenderInvitations')).toMatchObject({ value: 1_000 });
      expect(settings.find((s) => s.key === 'package.subcontractor-elite.tenderInvitations')).toMatchObject({ value: null });
      expect(settings.filter((s) => s.key.startsWith('package.'))).toHaveLength(36);
    });

    it('lets no one but a platform administrator change a setting (403 noAccessRight), and nothing is recorded', async () => {
      for (const token of [kumar, aminah]) {
        const refused = await call('put', `${CONFIG}/sstRate`, { token, body: { value: 800, reason: 'SST up' } });
        expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
      }
      expect((await setting('sstRate')).value).toBe(600);
    });

    it('refuses a value that does not fit, a missing reason, an unknown setting and the same value', async () => {
      const bad = await call('put', `${CONFIG}/package.supplier-basic.storageGb`, { token: admin, body: { value: 20, reason: '' } });
      expect([bad.status, bad.body.errorCode, bad.body.fields]).toEqual([
        400,
        'validationFailed',
        { value: ['notAllowed'], reason: ['required'] },
      ]);
      expect((await call('put', `${CONFIG}/sstRate`, { token: admin, body: { value: 6.5, reason: 'x' } })).body.fields).toEqual({
        value: ['notWhole'],
      });
      expect((await call('put', `${CONFIG}/sstRate`, { token: admin, body: { value: null, reason: 'x' } })).body.fields).toEqual({
        value: ['required'],
      });
      expect((await call('put', `${CONFIG}/sstRate`, { token: admin, body: { value: 10_001, reason: 'x' } })).body.fields).toEqual({
        value: ['tooLarge'],
      });
      expect(
        (await call('put', `${CONFIG}/package.supplier-basic.price`, { token: admin, body: { value: -1, reason: 'x' } })).body.fields,
      ).toEqual({ value: ['negative'] });
      const unknown = await call('put', `${CONFIG}/noSuchSetting`, { token: admin, body: { value: 1, reason: 'x' } });
      expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'settingNotFound']);
      const same = await call('put', `${CONFIG}/sstRate`, { token: admin, body: { value: 600, reason: 'x' } });
      expect([same.status, same.body.errorCode]).toEqual([409, 'settingUnchanged']);
      expect((await call('get', `${CONFIG}/noSuchSetting/history`, { token: kumar })).body.errorCode).toBe('settingNotFound');
    });

    it("records an administrator's change with who, when and why, newest first in the history, and the packages show it", async () => {
      const first = await call('put', `${CONFIG}/package.supplier-basic.price`, {
        token: admin,
        body: { value: 320_000, reason: 'Supplier basic reprised for 2026' },
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, key: 'package.supplier-basic.price', previous: 300_000, value: 320_000 });
      await call('put', `${CONFIG}/package.supplier-basic.price`, { token: admin, body: { value: 310_000, reason: 'Launch offer' } });
      expect(await setting('package.supplier-basic.price')).toMatchObject({
        value: 310_000,
        changedBy: 'Platform Administrator',
        reason: 'Launch offer',
      });
      const page = await call('get', `${CONFIG}/package.supplier-basic.price/history?limit=1`, { token: kumar });
      expect(page.body.items).toEqual([
        expect.objectContaining({ previous: 320_000, value: 310_000, reason: 'Launch offer', changedBy: 'Platform Administrator' }),
      ]);
      const rest = await call('get', `${CONFIG}/package.supplier-basic.price/history?limit=1&after=${page.body.next}`, { token: kumar });
      expect([rest.body.items[0].previous, rest.body.items[0].value, rest.body.next]).toEqual([300_000, 320_000, null]);
      expect(
        (await call('get', `${CONFIG}/package.supplier-basic.price/history?after=not*a*cursor`, { token: kumar })).body.fields,
      ).toEqual({ after: ['must be the `next` of an earlier page'] });
      const packages = (await call('get', '/api/subscriptions/packages', { token: mei })).body.packages as Package[];
      expect(packages.find((p) => p.id === 'supplier-basic')!.price).toBe(310_000);
    });

    it("makes the tender-invitation allowance read the configured figure of the company's package", async () => {
      expect((await call('get', '/api/tendering/invitation-allowance', { token: kumar })).body).toMatchObject({
        tier: 'elite',
        limit: null,
      });
      await call('put', `${CONFIG}/package.subcontractor-elite.tenderInvitations`, {
        token: admin,
        body: { value: 5_000, reason: 'Cap elite for fair use' },
      });
      expect((await call('get', '/api/tendering/invitation-allowance', { token: kumar })).body).toMatchObject({
        tier: 'elite',
        limit: 5_000,
      });
      await call('put', `${CONFIG}/package.subcontractor-elite.tenderInvitations`, {
        token: admin,
        body: { value: null, reason: 'Unlimited again' },
      });
      expect((await call('get', '/api/tendering/invitation-allowance', { token: kumar })).body).toMatchObject({ limit: null });
    });
  });

  describe('packages and quotes', () => {
    it("lists six packages with price and caps, marking the company's current one", async () => {
      const reply = await call('get', '/api/subscriptions/packages', { token: aminah });
      expect(reply.status).toBe(200);
      const packages = reply.body.packages as Package[];
      expect(packages.map((p) => p.id)).toEqual([
        'subcontractor-basic',
        'subcontractor-advanced',
        'subcontractor-elite',
        'supplier-basic',
        'supplier-advanced',
        'supplier-elite',
      ]);
      expect(packages.find((p) => p.id === 'subcontractor-basic')).toMatchObject({
        price: 300_000,
        tenderInvitations: 100,
        storageGb: 10,
        current: false,
      });
      expect(packages.filter((p) => p.current).map((p) => p.id)).toEqual(['subcontractor-elite']);
      expect(reply.body).toMatchObject({ sstRate: 600, suggestedType: 'subcontractor' });
      expect((await call('get', '/api/subscriptions/packages', { token: mei })).body.suggestedType).toBe('supplier');
    });

    it('quotes a package: price, SST 6% and total in sen', async () => {
      const quote = await call('post', '/api/subscriptions/quote', { token: wong, body: { packageId: 'subcontractor-basic' } });
      expect(quote.status).toBe(200);
      expect(quote.body).toMatchObject({
        packageId: 'subcontractor-basic',
        couponCode: null,
        amounts: { price: 300_000, discount: 0, subtotal: 300_000, sstRate: 600, sst: 18_000, total: 318_000, currency: 'MYR' },
      });
    });

    it('refuses an unknown package (422 invalidSubscriptionType) and the package the company has (409 sameSubscriptionAsCurrent)', async () => {
      for (const body of [{ packageId: 'contractor-gold' }, {}, { packageId: 7 }]) {
        const refused = await call('post', '/api/subscriptions/quote', { token: wong, body });
        expect([refused.status, refused.body.errorCode]).toEqual([422, 'invalidSubscriptionType']);
      }
      const same = await call('post', '/api/subscriptions/quote', { token: aminah, body: { packageId: 'subcontractor-elite' } });
      expect([same.status, same.body.errorCode]).toEqual([409, 'sameSubscriptionAsCurrent']);
      expect(
        (await call('post', '/api/subscriptions/quote', { token: wong, body: { packageId: 'subcontractor-basic', couponCode: 5 } })).body
          .fields,
      ).toEqual({ couponCode: ['invalid'] });
    });
  });

  describe('coupons', () => {
    const welcome = {
      code: 'welcome15',
      discountType: 'percentage',
      discount: 15,
      packageIds: ['subcontractor-basic', 'subcontractor-advanced'],
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
      maxUses: 5,
    };

    it('lets only a platform administrator create, list, read and change coupons', async () => {
      for (const token of [kumar, aminah]) {
        expect((await call('post', '/api/coupons', { token, body: welcome })).body.errorCode).toBe('noAccessRight');
        expect((await call('get', '/api/coupons', { token })).body.errorCode).toBe('noAccessRight');
      }
      const created = await call('post', '/api/coupons', { token: admin, body: welcome });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ code: 'WELCOME15', status: 'active' });
      welcomeId = created.body.id;
      expect((await call('get', `/api/coupons/${welcomeId}`, { token: kumar })).body.errorCode).toBe('noAccessRight');
      expect((await call('post', `/api/coupons/${welcomeId}/actions/Deactivate`, { token: aminah })).body.errorCode).toBe('noAccessRight');
      const one = await call('get', `/api/coupons/${welcomeId}`, { token: admin });
      expect(one.body).toMatchObject({
        id: welcomeId,
        code: 'WELCOME15',
        discountType: 'percentage',
        discount: 15,
        maxUses: 5,
        uses: 0,
        status: 'active',
        validTo: '2026-03-31',
      });
      expect((await call('get', '/api/coupons/00000000-0000-4000-8000-000000000000', { token: admin })).body.errorCode).toBe(
        'couponNotFound',
      );
    });

    it('refuses bad terms naming each field, and a code taken in any case (409 couponCodeExists)', async () => {
      const bad = await call('post', '/api/coupons', {
        token: admin,
        body: {
          code: 'x',
          discountType: 'percentage',
          discount: 120,
          packageIds: ['gold'],
          validFrom: '2026-02-30',
          validTo: '2026-03-01',
          maxUses: 0,
        },
      });
      expect([bad.status, bad.body.fields]).toEqual([
        400,
        { code: ['invalid'], discount: ['invalid'], packageIds: ['invalid'], validFrom: ['invalidDate'], maxUses: ['invalid'] },
      ]);
      expect(
        (
          await call('post', '/api/coupons', {
            token: admin,
            body: { ...welcome, code: 'LATE', validFrom: '2026-03-10', validTo: '2026-03-09' },
          })
        ).body.fields,
      ).toEqual({ validTo: ['endBeforeStart'] });
      const taken = await call('post', '/api/coupons', { token: admin, body: { ...welcome, code: 'Welcome15' } });
      expect([taken.status, taken.body.errorCode]).toEqual([409, 'couponCodeExists']);
    });

    it('takes a percentage off before SST, half up', async () => {
      const quote = await call('post', '/api/subscriptions/quote', {
        token: wong,
        body: { packageId: 'subcontractor-basic', couponCode: ' welcome15 ' },
      });
      expect(quote.body).toMatchObject({
        couponCode: 'WELCOME15',
        amounts: { price: 300_000, discount: 45_000, subtotal: 255_000, sst: 15_300, total: 270_300 },
      });
    });

    it('refuses a coupon that is unknown, for another plan, inactive, not yet or no longer valid (422 invalidCoupon with the reason)', async () => {
      const reason = async (token: string, packageId: string, couponCode: string) => {
        const reply = await call('post', '/api/subscriptions/quote', { token, body: { packageId, couponCode } });
        expect([reply.status, reply.body.errorCode]).toEqual([422, 'invalidCoupon']);
        return reply.body.reason as string;
      };
      expect(await reason(wong, 'subcontractor-basic', 'NOPE')).toBe('unknown');
      expect(await reason(mei, 'supplier-basic', 'WELCOME15')).toBe('wrongPlan');
      expect((await call('post', `/api/coupons/${welcomeId}/actions/Deactivate`, { token: admin })).body).toMatchObject({
        status: 'inactive',
      });
      expect(await reason(wong, 'subcontractor-basic', 'WELCOME15')).toBe('inactive');
      const again = await call('post', `/api/coupons/${welcomeId}/actions/Deactivate`, { token: admin });
      expect([again.status, again.body.errorCode]).toEqual([409, 'wrongStatus']);
      expect((await call('post', `/api/coupons/${welcomeId}/actions/Activate`, { token: admin })).body).toMatchObject({ status: 'active' });
      expect((await call('post', `/api/coupons/${welcomeId}/actions/Redeem`, { token: admin })).status).toBe(404);
      await call('post', '/api/coupons', {
        token: admin,
        body: { ...welcome, code: 'FEB26', validFrom: '2026-02-01', validTo: '2026-02-28' },
      });
      await call('post', '/api/coupons', {
        token: admin,
        body: { ...welcome, code: 'APR26', validFrom: '2026-04-01', validTo: '2026-04-30' },
      });
      expect(await reason(wong, 'subcontractor-basic', 'FEB26')).toBe('expired');
      expect(await reason(wong, 'subcontractor-basic', 'APR26')).toBe('notYetValid');
    });

    it('lists coupons newest first a page at a time, by status and code', async () => {
      const first = await call('get', '/api/coupons?limit=2', { token: admin });
      expect(first.body.items.map((c: { code: string }) => c.code)).toEqual(['APR26', 'FEB26']);
      const second = await call('get', `/api/coupons?limit=2&after=${first.body.next}`, { token: admin });
      expect([second.body.items.map((c: { code: string }) => c.code), second.body.next]).toEqual([['WELCOME15'], null]);
      expect((await call('get', `/api/coupons?filter=${enc({ q: 'wel' })}`, { token: admin })).body.items).toHaveLength(1);
      expect((await call('get', `/api/coupons?filter=${enc({ status: 'inactive' })}`, { token: admin })).body.items).toEqual([]);
      expect((await call('get', '/api/coupons?filter=[1]', { token: admin })).body.errorCode).toBe('validationFailed');
    });

    it("when two companies use a coupon's last use at once, then one order has it and the other is refused as used up; the coupon is redeemed", async () => {
      const last = await call('post', '/api/coupons', {
        token: admin,
        body: {
          code: 'LASTONE',
          discountType: 'fixed',
          discount: 50_000,
          packageIds: ['subcontractor-basic', 'supplier-basic'],
          validFrom: '2026-03-01',
          validTo: '2026-03-31',
          maxUses: 1,
        },
      });
      const [a, b] = await Promise.all([
        call('post', '/api/subscriptions/orders', { token: wong, body: { packageId: 'subcontractor-basic', couponCode: 'LASTONE' } }),
        call('post', '/api/subscriptions/orders', { token: mei, body: { packageId: 'supplier-basic', couponCode: 'LASTONE' } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 422]);
      const won = a.status === 201 ? a : b;
      const lost = a.status === 201 ? b : a;
      expect([lost.body.errorCode, lost.body.reason]).toEqual(['invalidCoupon', 'usedUp']);
      expect(won.body).toMatchObject({ status: 'pendingPayment', discount: 50_000 });
      expect((await call('get', `/api/coupons/${last.body.id}`, { token: admin })).body).toMatchObject({ uses: 1, status: 'redeemed' });
      const reopen = await call('post', `/api/coupons/${last.body.id}/actions/Activate`, { token: admin });
      expect([reopen.status, reopen.body.errorCode]).toEqual([409, 'wrongStatus']);
    });
  });

  describe('orders and billing records', () => {
    it("lets only the company's administrator order (403 noAccessRight for an officer)", async () => {
      const refused = await call('post', '/api/subscriptions/orders', { token: kumar, body: { packageId: 'subcontractor-advanced' } });
      expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
      expect((await call('get', '/api/billings', { token: kumar })).body.errorCode).toBe('noAccessRight');
    });

    it('records an order as a billing record pending payment: the next invoice number, the buyer as it stood, the amounts with SST', async () => {
      const ordered = await call('post', '/api/subscriptions/orders', {
        token: aminah,
        body: { packageId: 'subcontractor-advanced', couponCode: 'WELCOME15' },
      });
      expect(ordered.status).toBe(201);
      expect(ordered.body).toMatchObject({
        success: true,
        status: 'pendingPayment',
        price: 750_000,
        discount: 112_500,
        subtotal: 637_500,
        sst: 38_250,
        total: 675_750,
      });
      expect(ordered.body.invoiceNo).toMatch(/^INV-\d{6}$/);
      teguhBilling = ordered.body.id;
      const one = await call('get', `/api/billings/${teguhBilling}`, { token: aminah });
      expect(one.body).toMatchObject({
        id: teguhBilling,
        companyId: TEGUH,
        packageId: 'subcontractor-advanced',
        couponCode: 'WELCOME15',
        status: 'pendingPayment',
        orderedBy: 'Aminah binti Yusof',
        buyer: { companyId: TEGUH, name: 'Teguh Bina Sdn Bhd', registrationNo: '1234567-A' },
      });
      expect(one.body.history.map((h: { event: string; statusAfter: string }) => `${h.event}:${h.statusAfter}`)).toEqual([
        'Create:new',
        'Issue:pendingPayment',
      ]);
      expect((await call('get', `/api/coupons/${welcomeId}`, { token: admin })).body).toMatchObject({ uses: 1, status: 'active' });
      // Ordered, not paid: awaiting payment, not the company's current package.
      const offer = (
        (await call('get', '/api/subscriptions/packages', { token: aminah })).body.packages as (Package & { awaitingPayment: boolean })[]
      ).find((p) => p.id === 'subcontractor-advanced')!;
      expect([offer.current, offer.awaitingPayment]).toEqual([false, true]);
      const again = await call('post', '/api/subscriptions/orders', { token: aminah, body: { packageId: 'subcontractor-advanced' } });
      expect([again.status, again.body.errorCode]).toEqual([409, 'sameSubscriptionAsCurrent']);
    });

    it('prints the billing record as a tax invoice in PDF: its number, the buyer as recorded, the discount, SST 6% and the total; another company gets 404', async () => {
      const pdf = await request(running.app.getHttpServer())
        .get(`/api/billings/${teguhBilling}/invoice.pdf`)
        .set('authorization', `Bearer ${aminah}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const invoiceNo = (await call('get', `/api/billings/${teguhBilling}`, { token: aminah })).body.invoiceNo as string;
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoiceNo}.pdf"`);
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body as Buffer }).toString();
      for (const expected of [
        'TAX INVOICE',
        `Invoice no.: ${invoiceNo}`,
        'Teguh Bina Sdn Bhd',
        'Registration no.: 1234567-A',
        'subcontractor-advanced',
        'Discount (coupon WELCOME15)',
        'RM 7,500.00',
        '- RM 1,125.00',
        'SST 6%',
        'RM 382.50',
        'RM 6,757.50',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('OFFICIAL RECEIPT');
      const foreign = await call('get', `/api/billings/${teguhBilling}/invoice.pdf`, { token: mei });
      expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'billingNotFound']);
    });

    it('gives two orders at once consecutive invoice numbers', async () => {
      const [a, b] = await Promise.all([
        call('post', '/api/subscriptions/orders', { token: aminahAtSeri, body: { packageId: 'subcontractor-basic' } }),
        call('post', '/api/subscriptions/orders', { token: mei, body: { packageId: 'supplier-advanced' } }),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(Math.abs(Number(a.body.invoiceNo.slice(4)) - Number(b.body.invoiceNo.slice(4)))).toBe(1);
    });

    it('shows a company only its own billing records, and the platform administrator all of them, numbered without gaps', async () => {
      const teguh = (await call('get', '/api/billings', { token: aminah })).body.items as Billing[];
      expect(teguh.map((b) => b.id)).toEqual([teguhBilling]);
      const mutiara = (await call('get', '/api/billings', { token: mei })).body.items as Billing[];
      expect(mutiara.every((b) => b.companyId === MUTIARA) && mutiara.length >= 1).toBe(true);
      const foreign = await call('get', `/api/billings/${teguhBilling}`, { token: mei });
      expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'billingNotFound']);
      const all = (await call('get', '/api/billings?limit=100', { token: admin })).body.items as Billing[];
      const numbers = all.map((b) => Number(b.invoiceNo.slice(4)));
      expect(numbers).toEqual(Array.from({ length: all.length }, (_, i) => all.length - i));
      expect([...new Set(all.map((b) => b.companyId))]).toEqual(expect.arrayContaining([TEGUH, MUTIARA, SERI]));
      const page = await call('get', '/api/billings?limit=1', { token: admin });
      const next = await call('get', `/api/billings?limit=1&after=${page.body.next}`, { token: admin });
      expect(next.body.items[0].invoiceNo).toBe(all[1]!.invoiceNo);
      expect((await call('get', `/api/billings?filter=${enc({ status: 'paid' })}`, { token: admin })).body).toEqual({
        items: [],
        next: null,
      });
      expect((await call('get', `/api/billings?filter=${enc({ companyId: TEGUH })}`, { token: admin })).body.items).toHaveLength(1);
      expect((await call('get', `/api/billings/${teguhBilling}`, { token: admin })).status).toBe(200);
      expect((await call('get', '/api/billings?limit=0', { token: admin })).body.fields).toEqual({
        limit: ['must be a whole number from 1 to 100'],
      });
    });

    it('answers an empty list to a company with no billing records', async () => {
      const lestari = await running.signIn('aminah@teguhbina.my', SERI);
      // Seri Hartanah ordered above; Kukuh Jaya's own list holds only its order.
      expect(((await call('get', '/api/billings', { token: lestari })).body.items as Billing[]).every((b) => b.companyId === SERI)).toBe(
        true,
      );
      expect((await call('get', `/api/billings?filter=${enc({ status: 'cancelled' })}`, { token: wong })).body).toEqual({
        items: [],
        next: null,
      });
    });
  });

  describe('the yearly value caps where the work happens', () => {
    type Cap = { group: string; limit: number | null; used: number; warning: boolean };
    const usage = async (token: string) => (await call('get', '/api/subscriptions/usage', { token })).body.caps as Cap[];
    const order = async (rate: string) => {
      const created = await call('post', '/api/documents/purchaseOrder', {
        token: aminahAtSeri,
        body: {
          title: `Tiles ${rate}`,
          counterpartyCompanyId: MUTIARA,
          startDate: '2026-03-10',
          endDate: '2026-03-20',
          items: [{ description: 'Floor tiles', unit: 'lot', quantity: '1', rate }],
        },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const ask = (id: string) =>
      call('post', `/api/documents/purchaseOrder/${id}/actions/Request_Approve`, { token: aminahAtSeri, headers: { 'If-Match': '"1"' } });
    const KEY = `${CONFIG}/package.subcontractor-advanced.purchaseOrderValuePerYear`;

    it("shows each member the company's use of its package's caps: an elite buyer has none, an advanced developer its configured figures", async () => {
      expect((await usage(kumar)).map((cap) => [cap.group, cap.limit])).toEqual([
        ['award', null],
        ['purchaseOrder', null],
        ['claim', null],
      ]);
      const seri = await usage(aminahAtSeri);
      expect(seri.map((cap) => [cap.group, cap.limit])).toEqual([
        ['award', 2_000_000_000],
        ['purchaseOrder', 2_000_000_000],
        ['claim', 2_000_000_000],
      ]);
      expect(seri.every((cap) => cap.warning === false)).toBe(true);
      expect((await call('get', '/api/subscriptions/usage')).status).toBe(401);
    });

    it('given a cap RM 1,000 above what the developer committed, then an order of RM 900 (RM 954 with SST) is asked for and warns at 80%, and one of RM 200 more is refused with 409 subscriptionLimit and stays a draft', async () => {
      expect(
        (
          await call('post', '/api/company-workflow/assignments', {
            token: aminahAtSeri,
            body: { code: 'purchaseOrder', user_id: await userIdOf(running, 'aminah@teguhbina.my'), workflow_level: 10 },
          })
        ).status,
      ).toBeLessThan(300);
      const before = (await usage(aminahAtSeri)).find((cap) => cap.group === 'purchaseOrder')!;
      expect(
        (await call('put', KEY, { token: admin, body: { value: before.used + 100_000, reason: 'A tight cap to see it hold' } })).status,
      ).toBe(200);
      const within = await order('900.00');
      expect((await ask(within)).status).toBe(200);
      const after = (await usage(aminahAtSeri)).find((cap) => cap.group === 'purchaseOrder')!;
      expect(after).toMatchObject({ used: before.used + 95_400, limit: before.used + 100_000, warning: true });
      const over = await order('200.00');
      const refused = await ask(over);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        success: false,
        errorCode: 'subscriptionLimit',
        group: 'purchaseOrder',
        limit: before.used + 100_000,
        used: before.used + 95_400,
        adding: 21_200,
      });
      expect((await call('get', `/api/documents/purchaseOrder/${over}`, { token: aminahAtSeri })).body).toMatchObject({
        status: 'new',
        revision: 1,
      });
      // A larger cap lets the same document through.
      await call('put', KEY, { token: admin, body: { value: null, reason: 'Unlimited again' } });
      expect((await ask(over)).status).toBe(200);
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
