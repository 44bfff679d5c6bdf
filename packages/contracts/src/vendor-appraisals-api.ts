// A company's appraisals of its vendors (apps/api/src/vendor-appraisals/README.md): the shapes the api answers
// and the ui shows, and the weighted score both compute the same way (the form previews what the api records).

/** A question as the appraisal recorded it (the questionnaire as it stood). */
export type AppraisalQuestion = { id: string; sequence: number; text: string; weight: number };

export type AppraisalQuestionnaire = {
  id: string;
  name: string;
  /** The questionnaire item's revision when the appraisal was made. */
  revision: number;
  minScore: number;
  maxScore: number;
  questions: AppraisalQuestion[];
};

export type AppraisalScore = { questionId: string; score: number };

export type VendorAppraisalStatus = 'recorded' | 'withdrawn';

export type VendorAppraisalRow = {
  id: string;
  vendorId: string;
  vendorName: string | null;
  questionnaireId: string;
  questionnaireName: string;
  /** Weighted score in percent, 0 to 100, two decimals. */
  scorePercent: number;
  remark: string | null;
  projectId: string | null;
  projectName: string | null;
  documentId: string | null;
  documentNo: string | null;
  status: VendorAppraisalStatus;
  appraisedAt: string;
  appraisedBy: string | null;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
  withdrawReason: string | null;
};

export type VendorAppraisalView = VendorAppraisalRow & {
  questionnaire: AppraisalQuestionnaire;
  scores: AppraisalScore[];
  history: { event: 'Appraise' | 'Withdraw'; at: string; by: string | null; reason: string | null }[];
};

/** What the appraising company knows of a vendor from its own appraisals that stand (withdrawn ones left out). */
export type VendorAppraisalSummary = {
  count: number;
  /** Mean of the standing appraisals' percents, two decimals; null without any. */
  average: number | null;
  latest: { id: string; scorePercent: number; appraisedAt: string } | null;
};

export type VendorAppraisalPage = { items: VendorAppraisalRow[]; next: string | null; total: number; totalCapped: boolean };

/** The body of POST /api/vendor-appraisals. */
export type AppraiseVendorInput = {
  vendorId: string;
  questionnaireId: string;
  scores: AppraisalScore[];
  remark?: string;
  projectId?: string;
  documentId?: string;
};

/**
 * Σ weight·(score − min)/(max − min) / Σ weight × 100, rounded to two decimals: each question's score placed
 * on its scale (min 0 %, max 100 %), weighted. Null when a question has no score.
 */
export function appraisalScorePercent(
  questionnaire: Pick<AppraisalQuestionnaire, 'minScore' | 'maxScore' | 'questions'>,
  scores: readonly AppraisalScore[],
): number | null {
  const { minScore: min, maxScore: max, questions } = questionnaire;
  const byQuestion = new Map(scores.map((s) => [s.questionId, s.score]));
  let weighted = 0;
  let weights = 0;
  for (const question of questions) {
    const score = byQuestion.get(question.id);
    if (score === undefined || !Number.isFinite(score)) return null;
    weighted += (question.weight * (score - min)) / (max - min);
    weights += question.weight;
  }
  if (weights === 0) return null;
  return Math.round((weighted / weights) * 10_000) / 100;
}
