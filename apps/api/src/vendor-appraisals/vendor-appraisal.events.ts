// A company's appraisal of a vendor, one stream each (`vendorAppraisal-<uuid>`): the appraisal as made (the
// questionnaire as it stood, the scores, the weighted percent, what it concerns) and its withdrawal with a reason.
// Who: the event's `actorUserId` (and `appraisedBy` / `withdrawnBy` in the data); when: its `recordedAt`.
import type { AppraisalQuestionnaire, AppraisalScore } from '@binaan/contracts';

export const VENDOR_APPRAISAL_STREAM_TYPE = 'vendorAppraisal';
export const vendorAppraisalStream = (appraisalId: string) => `${VENDOR_APPRAISAL_STREAM_TYPE}-${appraisalId}`;

/** The project or document the appraisal is about, named as it stood. */
export type AppraisalConcerns = {
  project: { id: string; name: string } | null;
  document: { id: string; documentNo: string; resource: string } | null;
};

export type VendorAppraised = {
  appraisalId: string;
  companyId: string;
  vendorId: string;
  questionnaire: AppraisalQuestionnaire;
  scores: AppraisalScore[];
  scorePercent: number;
  remark: string | null;
  concerns: AppraisalConcerns;
  appraisedBy: string;
};

export type VendorAppraisalEvent =
  | { type: 'VendorAppraised'; data: VendorAppraised }
  | { type: 'VendorAppraisalWithdrawn'; data: { appraisalId: string; companyId: string; reason: string; withdrawnBy: string } };

export const VENDOR_APPRAISAL_EVENT_TYPES = ['VendorAppraised', 'VendorAppraisalWithdrawn'] as const;
