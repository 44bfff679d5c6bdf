// An e-mail invitation to a tender for a company not on the platform: stream
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

/**
 * The invitation could not be taken up when the company its link's user signed up for was approved (the
 * tender closed meanwhile, the company was invited already, the link was used): recorded once by the
 * take-up reactor with the refusal's code, so the buyer's history says why the seller is not on the list.
 */
export type TenderEmailInvitationNotTakenUp = {
  tenderId: string;
  invitationId: string;
  sellerCompanyId: string;
  reason: string;
  userId: string;
};
