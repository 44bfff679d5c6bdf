import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  admin,
  creator,
  namesOwnCompany,
  remark,
  system,
  transitionsFor,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

// The platform's own documents (billing, coupons, inquiries): administrators and the system act on them,
// not company authority levels.
const VERSION = 1;

const billing = transitionsFor('billing');
export const billingWorkflow: WorkflowDefinition<'billing'> = {
  resource: 'billing',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'billing',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('billing', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: [billing.go('Create', 'new', [system]), billing.go('Create', 'new', [admin])] } },
      new: {
        on: {
          Issue: [billing.go('Issue', 'pendingPayment', [system]), billing.go('Issue', 'pendingPayment', [admin])],
          Cancel: billing.go('Cancel', 'cancelled', [admin, remark]),
        },
      },
      pendingPayment: {
        on: {
          Pay: [billing.go('Pay', 'paid', [system]), billing.go('Pay', 'paid', [admin])],
          Cancel: billing.go('Cancel', 'cancelled', [admin, remark]),
        },
      },
      paid: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    'Bills are made and issued by the system (subscription renewals, usage) or an administrator; Pay is the payment gateway (system) or an administrator recording a manual payment.',
  ],
};

const coupon = transitionsFor('coupon');
export const couponWorkflow: WorkflowDefinition<'coupon'> = {
  resource: 'coupon',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'coupon',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('coupon', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: coupon.go('Create', 'active', [admin]) } },
      active: {
        on: {
          Deactivate: coupon.go('Deactivate', 'inactive', [admin]),
          Redeem: coupon.go('Redeem', 'redeemed', [system]),
        },
      },
      inactive: { on: { Activate: coupon.go('Activate', 'active', [admin]) } },
      redeemed: { type: 'final' },
    },
  }),
  decisions: [
    'Administrators create, deactivate and reactivate coupons; the system redeems one when a subscription paid with it completes (validity for the plan is checked by the api). redeemed is final.',
  ],
};

const inquiry = transitionsFor('inquiry');
export const inquiryWorkflow: WorkflowDefinition<'inquiry'> = {
  resource: 'inquiry',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'inquiry',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('inquiry', VERSION),
    states: {
      // Anyone may open an inquiry, the public contact form included (sent by the system actor).
      [NO_DOCUMENT]: { on: { Create: inquiry.go('Create', 'new', [namesOwnCompany]) } },
      new: {
        on: {
          Close: inquiry.go('Close', 'close', [admin]),
          Cancel: [inquiry.go('Cancel', 'cancel', [admin, remark]), inquiry.go('Cancel', 'cancel', [creator, remark])],
        },
      },
      close: { on: { Reopen: inquiry.go('Reopen', 'new', [admin]) } },
      cancel: { type: 'final' },
    },
  }),
  decisions: [
    'Anyone may open an inquiry; administrators close it (and may Reopen a closed one); the sender or an administrator cancels it with a remark. cancel is final.',
  ],
};
