// What a history line says a step did to the status: "Rejected → New, awaiting verify level 1", and, where
// the step left the status as it was (an approval round opened or one level verified while the document
// stays `new`, a seller viewing an order), what it did instead, so no line reads "New → New".
import { VerifyLevels, type VerifyLevel } from '@binaan/contracts';
import { statusLabel, statusWithRoundLabel } from '../catalogue/labels.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a document's or a project's history row carries of its step. */
export type HistoryStep = {
  statusBefore: string | null;
  statusAfter: string | null;
  approvalLevel: number | null;
  requiredLevels: readonly number[] | null;
  waitingLevel: number | null;
};

/** A verify level's number as users know it: 21 is verify level 2. */
const levelNumber = (level: number) => VerifyLevels.indexOf(level as VerifyLevel) + 1;

/** The status part of a history line; null for a step that records no status (a draft, an edit: its action says it). */
export function historyChange(translate: Translate, resource: string, step: HistoryStep): string | null {
  const { statusBefore, statusAfter, approvalLevel, requiredLevels, waitingLevel } = step;
  if (statusAfter === null) return null;
  if (statusBefore !== statusAfter) {
    return `${statusLabel(translate, resource, statusBefore)} → ${statusWithRoundLabel(translate, resource, statusAfter, waitingLevel)}`;
  }
  if (requiredLevels !== null && waitingLevel !== null)
    return translate('admin.history.approvalRequested', { n: levelNumber(waitingLevel) });
  if (approvalLevel !== null) {
    return waitingLevel === null
      ? translate('admin.history.verified', { n: levelNumber(approvalLevel) })
      : translate('admin.history.verifiedWaiting', { n: levelNumber(approvalLevel), next: levelNumber(waitingLevel) });
  }
  return translate('admin.history.statusKept', { status: statusLabel(translate, resource, statusAfter) });
}
