// An e-mail invitation to a tender for a company not on the platform (issue 18): stream
// `tenderEmailInvitation-<invitationId>` (type `tenderEmailInvitation`). The address is personal data
// (tendering.personal-data.ts). Its acceptance is not an event of this stream: it is the tender's own
// `TenderSellerInvited` carrying `emailInvitationId`, so the seller is invited and the link used in one append.
export type TenderEmailInvitationSent = {
  tenderId: string;
  invitationId: string;
  buyerCompanyId: string;
  companyName: string;
  email: string;
  by: string;
};

export const EMAIL_INVITATION_STREAM_TYPE = 'tenderEmailInvitation';
export const emailInvitationStream = (invitationId: string) => `${EMAIL_INVITATION_STREAM_TYPE}-${invitationId}`;
