// A company questionnaire as the source of a tender's analysis criteria: the active tender evaluation
// questionnaires of the buyer's own company, at most 10 questions (the analysis's limit). Each question becomes
// a criterion keyed by its sequence, its weight its share of what the price leaves, whole numbers summing
// exactly (largest remainders), so the analysis's own rules check the result as if typed in.
import { ErrorCodes } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';
import type { SetupFields } from './setup-items.events.js';

export const MAX_TENDER_CRITERIA = 10;
export type QuestionnaireCriteria = {
  questionnaire: { id: string; name: string; revision: number };
  criteria: { key: string; name: string; weight: number }[];
};

export async function tenderCriteriaFromQuestionnaire(
  db: SqlExecutor,
  companyId: string,
  questionnaireId: unknown,
  priceWeight: number,
): Promise<QuestionnaireCriteria> {
  if (typeof questionnaireId !== 'string' || questionnaireId.length > 64)
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: questionnaireId.', { fields: { questionnaireId: ['invalid'] } });
  const [row] = await db.query<{ item_id: string; status: string; fields: SetupFields; revision: number }>(
    `SELECT item_id, status, fields, revision FROM company_setup_items WHERE company_id = $1 AND kind = 'questionnaire' AND item_id = $2`,
    [companyId, questionnaireId],
  );
  if (!row) throw refusal(404, ErrorCodes.setupItemNotFound, 'This questionnaire was not found in your company.');
  const questions = row.fields.questions ?? [];
  if (row.status !== 'active' || row.fields.type !== 'tenderEvaluation' || questions.length > MAX_TENDER_CRITERIA) {
    throw refusal(
      422,
      ErrorCodes.questionnaireNotForTenders,
      `Only an active tender evaluation questionnaire of at most ${MAX_TENDER_CRITERIA} questions starts an analysis.`,
      { fields: { questionnaireId: [ErrorCodes.questionnaireNotForTenders] } },
    );
  }
  const left = 100 - priceWeight;
  const total = questions.reduce((sum, q) => sum + q.weight, 0);
  const exact = questions.map((q) => (q.weight * left) / total);
  const weights = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  const short = left - weights.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < short; i++) weights[order[i]!.index]! += 1;
  return {
    questionnaire: { id: row.item_id, name: row.fields.name, revision: Number(row.revision) },
    criteria: [...questions]
      .sort((a, b) => a.sequence - b.sequence)
      .map((q) => ({ key: `q${q.sequence}`, name: q.text, weight: weights[questions.indexOf(q)]! })),
  };
}
