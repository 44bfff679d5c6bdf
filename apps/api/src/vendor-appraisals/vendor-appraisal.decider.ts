// Deciding a vendor appraisal (pure but for the refusal type): the body read and checked against the
// questionnaire as it stands, the weighted score worked out; a withdrawal once, with a reason.
import { appraisalScorePercent, ErrorCodes, type AppraisalQuestionnaire, type AppraisalScore } from '@binaan/contracts';
import { invalidFields, refusal } from '../common/refusal.js';
import type { AppraisalConcerns, VendorAppraisalEvent, VendorAppraised } from './vendor-appraisal.events.js';

export const MAX_REMARK = 1000;
export const MAX_REASON = 500;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const KNOWN = new Set(['vendorId', 'questionnaireId', 'scores', 'remark', 'projectId', 'documentId']);

export type AppraisalRequest = {
  vendorId: string;
  questionnaireId: string;
  scores: unknown[];
  remark: string | null;
  projectId: string | null;
  documentId: string | null;
};

/** The body's shape (400 validationFailed naming each field); the scores are checked against the questionnaire later. */
export function parseAppraisalRequest(body: unknown): AppraisalRequest {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  for (const key of Object.keys(input)) if (!KNOWN.has(key)) fields[key] = ['unknownField'];
  const id = (name: string, required: boolean): string | null => {
    const value = input[name];
    if (value === undefined || value === null || value === '') {
      if (required) fields[name] = ['required'];
      return null;
    }
    if (typeof value !== 'string' || !ID.test(value)) fields[name] = ['invalid'];
    return typeof value === 'string' ? value : null;
  };
  const vendorId = id('vendorId', true);
  const questionnaireId = id('questionnaireId', true);
  const projectId = id('projectId', false);
  const documentId = id('documentId', false);
  if (!Array.isArray(input.scores) || input.scores.length === 0) fields.scores = ['required'];
  const remark = typeof input.remark === 'string' ? input.remark.trim() : null;
  if (input.remark !== undefined && input.remark !== null && typeof input.remark !== 'string') fields.remark = ['invalid'];
  else if (remark !== null && remark.length > MAX_REMARK) fields.remark = ['tooLong'];
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return {
    vendorId: vendorId!,
    questionnaireId: questionnaireId!,
    scores: input.scores as unknown[],
    remark: remark || null,
    projectId,
    documentId,
  };
}

/** Every question scored exactly once, each a whole number from the minimum to the maximum; 400 naming each problem. */
export function checkScores(questionnaire: AppraisalQuestionnaire, raw: readonly unknown[]): AppraisalScore[] {
  const fields: Record<string, string[]> = {};
  const known = new Set(questionnaire.questions.map((q) => q.id));
  const seen = new Map<string, number>();
  raw.forEach((entry, index) => {
    const item = (typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry : {}) as Record<string, unknown>;
    const questionId = item.questionId;
    if (typeof questionId !== 'string' || !known.has(questionId)) fields[`scores[${index}].questionId`] = ['unknownQuestion'];
    else if (seen.has(questionId)) fields[`scores[${index}].questionId`] = ['scoredTwice'];
    else seen.set(questionId, index);
    const score = item.score;
    if (typeof score !== 'number' || !Number.isInteger(score)) fields[`scores[${index}].score`] = ['invalid'];
    else if (score < questionnaire.minScore || score > questionnaire.maxScore) fields[`scores[${index}].score`] = ['outOfRange'];
  });
  const missing = questionnaire.questions.filter((q) => !seen.has(q.id));
  if (missing.length > 0) fields.scores = [`unscored:${missing.map((q) => q.sequence).join(',')}`];
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  // Recorded in the questionnaire's order, whatever the order sent.
  return questionnaire.questions.map((q) => {
    const entry = raw[seen.get(q.id)!] as { score: number };
    return { questionId: q.id, score: entry.score };
  });
}

/** A company does not appraise itself (422). */
export function refuseOwnCompany(companyId: string, vendorId: string): void {
  if (vendorId === companyId)
    throw refusal(422, ErrorCodes.vendorAppraisalOwnCompany, 'A company does not appraise itself.', {
      fields: { vendorId: [ErrorCodes.vendorAppraisalOwnCompany] },
    });
}

type Appraise = {
  appraisalId: string;
  companyId: string;
  actorUserId: string;
  request: AppraisalRequest;
  questionnaire: AppraisalQuestionnaire;
  concerns: AppraisalConcerns;
};

/** The appraisal as recorded: the questionnaire as it stood, its scores in order and the weighted percent. */
export function decideAppraise({
  appraisalId,
  companyId,
  actorUserId,
  request,
  questionnaire,
  concerns,
}: Appraise): VendorAppraisalEvent[] {
  refuseOwnCompany(companyId, request.vendorId);
  const scores = checkScores(questionnaire, request.scores);
  const data: VendorAppraised = {
    appraisalId,
    companyId,
    vendorId: request.vendorId,
    questionnaire,
    scores,
    scorePercent: appraisalScorePercent(questionnaire, scores)!,
    remark: request.remark,
    concerns,
    appraisedBy: actorUserId,
  };
  return [{ type: 'VendorAppraised', data }];
}

export type AppraisalState = { appraisalId: string; companyId: string; withdrawn: boolean; revision: number };

export function foldAppraisal(events: readonly { type: string; data: unknown; revision: number }[]): AppraisalState | null {
  let state: AppraisalState | null = null;
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as VendorAppraisalEvent;
    if (event.type === 'VendorAppraised')
      state = { appraisalId: event.data.appraisalId, companyId: event.data.companyId, withdrawn: false, revision: stored.revision };
    else if (state !== null) Object.assign(state, { withdrawn: true, revision: stored.revision });
  }
  return state;
}

/** A withdrawal names its reason; a withdrawn appraisal stays withdrawn (409). */
export function decideWithdraw(state: AppraisalState, body: unknown, actorUserId: string): VendorAppraisalEvent[] {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason === '' || reason.length > MAX_REASON) throw invalidFields({ reason: [reason === '' ? 'required' : 'tooLong'] });
  if (state.withdrawn) throw refusal(409, ErrorCodes.vendorAppraisalWithdrawn, 'This appraisal has been withdrawn already.');
  return [
    {
      type: 'VendorAppraisalWithdrawn',
      data: { appraisalId: state.appraisalId, companyId: state.companyId, reason, withdrawnBy: actorUserId },
    },
  ];
}
