// A company's setups (signed-in-area.md §2.5, §3): profit parameters, project categories and regions,
// questionnaires, and the company's own terms and agreements. The field rules live here once, for the api's
// deciders and the ui's forms alike; apps/api/src/company-setups/README.md says what is decided and why.
import type { AccessRight } from './access-rights.js';

/** The kinds of setup item: each a list of the company's own, named uniquely in the company (any case). */
export const SetupKinds = ['profitParameter', 'projectCategory', 'projectRegion', 'questionnaire'] as const;
export type SetupKind = (typeof SetupKinds)[number];

/** The route segment of each kind under /api/company-setups/ and /administration/. */
export const SetupKindPaths: Readonly<Record<SetupKind, string>> = {
  profitParameter: 'profit-parameters',
  projectCategory: 'project-categories',
  projectRegion: 'project-regions',
  questionnaire: 'questionnaires',
};

export function setupKindOfPath(path: string): SetupKind | null {
  return SetupKinds.find((kind) => SetupKindPaths[kind] === path) ?? null;
}

/**
 * The rights that read and change each kind (§6). Categories and regions have their own right; the spec
 * names none for profit parameters and questionnaires, so they are the company profile's: company-wide
 * settings kept by whoever keeps the company's profile (README, "Rights").
 */
export const SetupRights: Readonly<Record<SetupKind, { view: readonly AccessRight[]; update: AccessRight }>> = {
  profitParameter: {
    view: ['administration.companyProfile.view', 'administration.companyProfile.update'],
    update: 'administration.companyProfile.update',
  },
  questionnaire: {
    view: ['administration.companyProfile.view', 'administration.companyProfile.update'],
    update: 'administration.companyProfile.update',
  },
  projectCategory: {
    view: ['administration.categoryAndRegion.view', 'administration.categoryAndRegion.update'],
    update: 'administration.categoryAndRegion.update',
  },
  projectRegion: {
    view: ['administration.categoryAndRegion.view', 'administration.categoryAndRegion.update'],
    update: 'administration.categoryAndRegion.update',
  },
};

/** Who may read a kind's active items to pick one (a project form, a tender's analysis) without its setup right. */
export const SetupPickerRights: Readonly<Record<SetupKind, readonly AccessRight[]>> = {
  profitParameter: ['costPlanAndLibrary.view', 'costPlanAndLibrary.update', 'project.create', 'project.view'],
  questionnaire: ['tenderManagement.view', 'tenderManagement.update', 'vendorManagement.view', 'vendorManagement.update'],
  projectCategory: ['project.create', 'project.view', 'project.viewAll'],
  projectRegion: ['project.create', 'project.view', 'project.viewAll'],
};

export const SetupStatuses = ['active', 'inactive'] as const;
export type SetupStatus = (typeof SetupStatuses)[number];

export const QuestionnaireTypes = ['vendorAppraisal', 'tenderEvaluation'] as const;
export type QuestionnaireType = (typeof QuestionnaireTypes)[number];

export const SetupRules = {
  name: { max: 100 },
  code: { max: 20, pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/ },
  description: { max: 500 },
  reason: { max: 500 },
  questions: { max: 50 },
  // A tender's analysis names its criteria by the questions' text, in at most 120 characters.
  questionText: { max: 120 },
  weight: { min: 1, max: 100 },
  score: { min: 0, max: 1000 },
  termsTitle: { max: 150 },
  termsContents: { max: 20_000 },
} as const;

export type SetupQuestion = { id: string; sequence: number; text: string; weight: number };

/** What a create or an edit sends, per kind (the questionnaire's `questions` in the order wanted). */
export type SetupItemInput =
  | { code: string; description: string } // profit parameter
  | { name: string; description: string } // category, region
  | {
      name: string;
      description: string;
      type: QuestionnaireType;
      minScore: number;
      maxScore: number;
      questions: { id?: string; text: string; weight: number }[];
    };

export type SetupItemRow = {
  id: string;
  kind: SetupKind;
  /** The code of a profit parameter, else the name: the item's unique name in the company. */
  name: string;
  description: string;
  status: SetupStatus;
  /** Questionnaires only. */
  type?: QuestionnaireType;
  minScore?: number;
  maxScore?: number;
  questions?: SetupQuestion[];
  revision: number;
  updatedAt: string;
};

export type SetupHistoryRow = { type: string; at: string; by: string | null; reason: string | null; changes: Record<string, unknown> };

export type CompanyTermsView = {
  version: number;
  title: string;
  contents: string;
  publishedAt: string;
  publishedBy: string | null;
};

/** The chosen company's terms this person must accept before working there (null: nothing to accept). */
export type CompanyTermsToAccept = { version: number; title: string; contents: string; publishedAt: string } | null;

type Body = Record<string, unknown>;
const asBody = (raw: unknown): Body | null => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : null);

function textProblem(value: unknown, max: number, required: boolean): string | null {
  if (value === undefined || value === null) return required ? 'required' : null;
  if (typeof value !== 'string') return 'invalid';
  if (required && value.trim() === '') return 'required';
  return value.trim().length > max ? 'tooLong' : null;
}

/** Field problems of a create or edit of this kind ({} when it may be recorded); unknown fields are named too. */
export function setupItemErrors(kind: SetupKind, raw: unknown): Record<string, string[]> {
  const body = asBody(raw);
  if (body === null) return { body: ['invalid'] };
  const problems: Record<string, string[]> = {};
  const fail = (field: string, code: string | null) => code !== null && (problems[field] ??= []).push(code);
  const allowed =
    kind === 'profitParameter'
      ? ['code', 'description']
      : kind === 'questionnaire'
        ? ['name', 'description', 'type', 'minScore', 'maxScore', 'questions']
        : ['name', 'description'];
  for (const key of Object.keys(body)) if (!allowed.includes(key)) fail(key, 'unknownField');
  if (kind === 'profitParameter') {
    fail('code', textProblem(body.code, SetupRules.code.max, true));
    if (!problems.code && !SetupRules.code.pattern.test((body.code as string).trim())) fail('code', 'invalid');
  } else {
    fail('name', textProblem(body.name, SetupRules.name.max, true));
  }
  fail('description', textProblem(body.description, SetupRules.description.max, false));
  if (kind !== 'questionnaire') return problems;
  if (!QuestionnaireTypes.includes(body.type as QuestionnaireType)) fail('type', 'invalid');
  const score = (field: 'minScore' | 'maxScore') => {
    const value = body[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < SetupRules.score.min || value > SetupRules.score.max)
      fail(field, 'invalid');
  };
  score('minScore');
  score('maxScore');
  if (!problems.minScore && !problems.maxScore && (body.minScore as number) >= (body.maxScore as number))
    fail('maxScore', 'minScoreNotBelowMax');
  const questions = body.questions;
  if (!Array.isArray(questions) || questions.length === 0) fail('questions', 'required');
  else if (questions.length > SetupRules.questions.max) fail('questions', 'tooMany');
  else {
    const ids = new Set<string>();
    questions.forEach((item: unknown, index) => {
      const at = `questions[${index}]`;
      const question = asBody(item);
      if (question === null) return void fail(at, 'invalid');
      for (const key of Object.keys(question)) if (!['id', 'text', 'weight'].includes(key)) fail(`${at}.${key}`, 'unknownField');
      if (question.id !== undefined) {
        if (typeof question.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(question.id)) fail(`${at}.id`, 'invalid');
        else if (ids.has(question.id)) fail(`${at}.id`, 'repeated');
        else ids.add(question.id);
      }
      fail(`${at}.text`, textProblem(question.text, SetupRules.questionText.max, true));
      const weight = question.weight;
      if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < SetupRules.weight.min || weight > SetupRules.weight.max)
        fail(`${at}.weight`, 'invalid');
    });
  }
  return problems;
}

/** `{ title, contents, reason? }` of a new version of the company's terms. */
export function companyTermsErrors(raw: unknown): Record<string, string[]> {
  const body = asBody(raw);
  if (body === null) return { body: ['invalid'] };
  const problems: Record<string, string[]> = {};
  const fail = (field: string, code: string | null) => code !== null && (problems[field] ??= []).push(code);
  for (const key of Object.keys(body)) if (!['title', 'contents', 'reason'].includes(key)) fail(key, 'unknownField');
  fail('title', textProblem(body.title, SetupRules.termsTitle.max, true));
  fail('contents', textProblem(body.contents, SetupRules.termsContents.max, true));
  fail('reason', textProblem(body.reason, SetupRules.reason.max, false));
  return problems;
}
