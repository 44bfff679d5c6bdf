// An approval e-mail's link over the API (public routes `approval-links/{token}`): what GET tells the page
// about the link, and what POST answers once it acted. Shared by the api and the page that reads them.

/** Why a link can no longer act: the code its POST would answer. */
export type ApprovalLinkUnusable = 'approvalLinkExpired' | 'approvalLinkUsed' | 'approvalLinkStale';

export type ApprovalLinkDescription = {
  success: true;
  action: 'approve' | 'reject';
  resource: string;
  documentId: string;
  documentNo: string;
  title: string;
  amount: string;
  currency: string;
  companyName: string;
  recipientName: string;
  level: number;
  expiresAt: string;
  usable: boolean;
  /** Why it cannot be used (null while it can). */
  reason: ApprovalLinkUnusable | null;
};

export type ApprovalLinkOutcome = {
  success: true;
  action: 'approve' | 'reject';
  documentNo: string;
  status: string;
  revision: number;
};
