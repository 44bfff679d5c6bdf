// Events of an inquiry sent from the landing page's contact form, on `inquiry-<id>` (type 'inquiry'). Each
// carries the inquiry machine's WorkflowStatusChanged (who, when, why, before and after): received (new),
// closed, cancelled with a remark, reopened. The sender's name, address, phone, subject and message are
// sealed under the address (inquiry.personal-data.ts).
import type { WorkflowStatusChanged } from '@binaan/contracts';

export const INQUIRY_STREAM_TYPE = 'inquiry';

export type InquiryContent = {
  name: string;
  email: string;
  phone: string;
  companyName: string;
  subject: string;
  message: string;
  language: string;
};

export type InquiryEvent =
  | { type: 'InquiryReceived'; data: { inquiryId: string } & InquiryContent & { change: WorkflowStatusChanged } }
  | { type: 'InquiryStatusChanged'; data: { inquiryId: string; change: WorkflowStatusChanged } };

export const INQUIRY_EVENT_TYPES = ['InquiryReceived', 'InquiryStatusChanged'] as const;
