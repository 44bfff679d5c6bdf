import type { WorkflowResource } from '@binaan/contracts';
import type { WorkflowDefinition } from '../define-workflow.js';
import { billOfQuantityWorkflow } from './bill-of-quantity.machine.js';
import { chequePaymentWorkflow } from './cheque-payment.machine.js';
import { companyRelationWorkflow } from './company-relation.machine.js';
import { companyRoleWorkflow } from './company-role.machine.js';
import { companySubmissionWorkflow } from './company-submission.machine.js';
import { fieldOrderWorkflow } from './delivery-service-orders.machine.js';
import { invoiceWorkflow } from './invoice.machine.js';
import { milestoneClaimWorkflow } from './milestone-claim.machine.js';
import { orderWorkflow } from './orders.machine.js';
import { paymentCertificateWorkflow } from './payment-certificate.machine.js';
import { billingWorkflow, couponWorkflow, inquiryWorkflow } from './platform.machine.js';
import { progressiveClaimWorkflow } from './progressive-claim.machine.js';
import { projectPlanWorkflow } from './project-plans.machine.js';
import { projectMemberWorkflow } from './project-member.machine.js';
import { projectStageWorkflow } from './project-stage.machine.js';
import { projectWorkflow } from './project.machine.js';
import { requestWorkflow } from './request.machine.js';
import { stockWorkflow } from './stock.machine.js';
import { subOrderWorkflow } from './sub-orders.machine.js';
import { tenderWorkflow } from './tender.machine.js';
import { userWorkflow } from './user.machine.js';
import { variationOrderWorkflow } from './variation-order.machine.js';
import { instructionWorkflow } from './instruction.machine.js';

/**
 * Every machine, per resource, oldest version first. A new version is appended, never swapped in: documents
 * keep deciding under the version they were created with.
 */
export const workflowDefinitions: { readonly [R in WorkflowResource]: readonly WorkflowDefinition<R>[] } = {
  companyRole: [companyRoleWorkflow],
  user: [userWorkflow],
  project: [projectWorkflow],
  projectMember: [projectMemberWorkflow],
  projectStage: [projectStageWorkflow],
  companySubmission: [companySubmissionWorkflow],
  companyRelation: [companyRelationWorkflow],
  tender: [tenderWorkflow],
  purchaseOrder: [orderWorkflow('purchaseOrder')],
  workOrder: [orderWorkflow('workOrder')],
  rentalOrder: [orderWorkflow('rentalOrder')],
  letterOfAward: [orderWorkflow('letterOfAward')],
  subPurchaseOrder: [subOrderWorkflow('subPurchaseOrder')],
  subRentalOrder: [subOrderWorkflow('subRentalOrder')],
  deliveryOrder: [fieldOrderWorkflow('deliveryOrder')],
  serviceOrder: [fieldOrderWorkflow('serviceOrder')],
  invoice: [invoiceWorkflow],
  progressiveClaim: [progressiveClaimWorkflow],
  milestoneClaim: [milestoneClaimWorkflow],
  paymentCertificate: [paymentCertificateWorkflow],
  stock: [stockWorkflow],
  billing: [billingWorkflow],
  coupon: [couponWorkflow],
  inquiry: [inquiryWorkflow],
  chequePayment: [chequePaymentWorkflow],
  billOfQuantity: [billOfQuantityWorkflow],
  ongoingBudget: [projectPlanWorkflow('ongoingBudget')],
  progressPlanning: [projectPlanWorkflow('progressPlanning')],
  materialRequest: [requestWorkflow('materialRequest')],
  machineRequest: [requestWorkflow('machineRequest')],
  tradeRequest: [requestWorkflow('tradeRequest')],
  variationOrder: [variationOrderWorkflow()],
  instruction: [instructionWorkflow()],
};
