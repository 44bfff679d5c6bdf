// Inquiries sent from the landing page's contact form (POST /api/inquiries, public) and the admin module's
// list of them (GET /api/admin/inquiries).
export type InquiryStatus = 'new' | 'close' | 'cancel';
export type InquiryRow = {
  id: string;
  receivedAt: string;
  status: InquiryStatus;
  name: string;
  email: string;
  phone: string;
  companyName: string;
  subject: string;
  message: string;
  /** The language the sender wrote in (the page's): en, ms or zh. */
  language: string;
  revision: number;
  updatedAt: string;
  /** The remark of the last status change (a cancellation's reason), null when none. */
  lastRemark: string | null;
};
export type InquiryReceivedReply = { success: true; inquiryId: string };
