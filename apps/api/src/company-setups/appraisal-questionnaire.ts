// A company questionnaire as the scale of a vendor appraisal: an active `vendorAppraisal` questionnaire of the
// appraising company, read as it stands now (its revision with it), so the appraisal records what it was scored on.
import { ErrorCodes, type AppraisalQuestionnaire } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';
import type { SetupFields } from './setup-items.events.js';

/** 404 setupItemNotFound (unknown, or another company's); 422 questionnaireNotForAppraisal (inactive, or another type). */
export async function appraisalQuestionnaire(db: SqlExecutor, companyId: string, questionnaireId: string): Promise<AppraisalQuestionnaire> {
  const [row] = await db.query<{ item_id: string; status: string; fields: SetupFields; revision: number }>(
    `SELECT item_id, status, fields, revision FROM company_setup_items WHERE company_id = $1 AND kind = 'questionnaire' AND item_id = $2`,
    [companyId, questionnaireId],
  );
  if (!row) throw refusal(404, ErrorCodes.setupItemNotFound, 'This questionnaire was not found in your company.');
  const { fields } = row;
  if (row.status !== 'active' || fields.type !== 'vendorAppraisal' || fields.minScore === undefined || fields.maxScore === undefined) {
    throw refusal(422, ErrorCodes.questionnaireNotForAppraisal, 'Only an active vendor appraisal questionnaire scores a vendor.', {
      fields: { questionnaireId: [ErrorCodes.questionnaireNotForAppraisal] },
    });
  }
  return {
    id: row.item_id,
    name: fields.name,
    revision: Number(row.revision),
    minScore: fields.minScore,
    maxScore: fields.maxScore,
    questions: [...(fields.questions ?? [])]
      .sort((a, b) => a.sequence - b.sequence)
      .map((q) => ({ id: q.id, sequence: q.sequence, text: q.text, weight: q.weight })),
  };
}
