// Why a plan (the budget, the progress plan) or the BQ's build-ups cannot be changed by this user now, in
// words that say what to do: the view's readOnlyBecause is the code a change would be refused with, so a
// page offers no control the api would refuse and says why instead.
import type { useTranslate } from 'react-admin';

type Translate = ReturnType<typeof useTranslate>;
export type PlanArea = 'budget' | 'progress' | 'buildUps';

/** The status-bound reason of each area (the plan is being approved, or approved). */
const NOT_NOW: Record<PlanArea, { code: string; text: string }> = {
  budget: { code: 'budgetNotEditable', text: 'admin.budget.readOnly' },
  progress: { code: 'progressPlanNotEditable', text: 'admin.progress.readOnly' },
  buildUps: { code: 'bqNotEditable', text: 'admin.buildUps.locked' },
};

export function planReadOnlyText(translate: Translate, area: PlanArea, code: string | null): string | null {
  if (code === null) return null;
  if (code === NOT_NOW[area].code) return translate(NOT_NOW[area].text);
  if (code === 'noAuthority' || code === 'noAccessRight')
    return translate(`admin.${area === 'buildUps' ? 'bq' : area}.readOnlyBecause.${code}`);
  return translate(`error.${code}`, { _: translate('error.unknownError') });
}

/** A project without the plan yet, to a user who cannot start it: that there is none, and what starting it needs. */
export function planStartRefusal(translate: Translate, area: 'budget' | 'progress', code: string | null): string {
  const needs =
    code === 'noAuthority' || code === 'noAccessRight'
      ? translate(`admin.${area}.startNeeds.${code}`)
      : planReadOnlyText(translate, area, code);
  return [translate(`admin.${area}.noneReadOnly`), needs].filter(Boolean).join(' ');
}
