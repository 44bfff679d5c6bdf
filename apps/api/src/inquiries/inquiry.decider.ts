// Deciding on an inquiry (pure but for the refusal type): the form's fields checked, and each status change
// decided by the inquiry machine (workflows/src/machines/platform.machine.ts) with the actor's kind.
import { ErrorCodes, WorkflowRefusalHttpStatus, isEmail, normaliseEmail, type WorkflowStatusChanged } from '@binaan/contracts';
import { decide, evolve, SYSTEM_ACTOR, type Actor, type WorkflowState } from '@binaan/workflows';
import { refusal } from '../common/refusal.js';
import type { InquiryContent, InquiryEvent } from './inquiry.events.js';

export const INQUIRY_ACTIONS = ['Close', 'Cancel', 'Reopen'] as const;
export type InquiryAction = (typeof INQUIRY_ACTIONS)[number];

export type InquiryState = {
  inquiryId: string;
  machine: WorkflowState<'inquiry'>;
  content: InquiryContent;
  receivedAt: string;
  revision: number;
};

const LIMITS = { name: 100, email: 254, phone: 20, companyName: 200, subject: 200, message: 5000 } as const;
const LANGUAGES = ['en', 'ms', 'zh'];

/** The form as sent, trimmed, or 400 validationFailed naming each field. */
export function checkInquiry(body: unknown): InquiryContent {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const text = (key: keyof typeof LIMITS) =>
    typeof input[key] === 'string' ? input[key].trim() : input[key] === undefined || input[key] === null ? '' : null;
  const fields: Record<string, string[]> = {};
  const values = {} as Record<keyof typeof LIMITS, string>;
  for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
    const value = text(key);
    if (value === null) fields[key] = ['must be text'];
    else if (value.length > LIMITS[key]) fields[key] = [`must be at most ${LIMITS[key]} characters`];
    else values[key] = value;
  }
  for (const key of ['name', 'email', 'subject', 'message'] as const) if (!fields[key] && !values[key]) fields[key] = ['required'];
  if (!fields.email && values.email && !isEmail(values.email)) fields.email = ['must be an e-mail address'];
  if (!fields.phone && values.phone && !/^\+?[0-9 -]{9,20}$/.test(values.phone))
    fields.phone = ['must be a phone number of 9 to 12 digits'];
  if (!fields.message && values.message && values.message.length < 10) fields.message = ['must be at least 10 characters'];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  const language = typeof input.language === 'string' && LANGUAGES.includes(input.language) ? input.language : 'en';
  return { ...values, email: normaliseEmail(values.email), language };
}

function step(
  state: WorkflowState<'inquiry'> | null,
  type: 'Create' | InquiryAction,
  actor: Actor,
  at: string,
  remark?: string,
): WorkflowStatusChanged<'inquiry'> {
  const decision = decide('inquiry', state, { type, at, ...(remark ? { remark } : {}) }, actor);
  if (decision.ok) return decision.event;
  const { code, detail } = decision.refusal;
  throw refusal(
    WorkflowRefusalHttpStatus[code] ?? 409,
    detail ?? code,
    `${type} refused${decision.refusal.status ? ` from ${String(decision.refusal.status)}` : ''}: ${detail ?? code}.`,
  );
}

/** A new inquiry, opened by the platform on the sender's behalf (the public has no account). */
export function decideReceive(inquiryId: string, content: InquiryContent, at: string): InquiryEvent {
  return { type: 'InquiryReceived', data: { inquiryId, ...content, change: step(null, 'Create', SYSTEM_ACTOR, at) } };
}

export function decideAction(state: InquiryState, action: string, actor: Actor, at: string, remark?: string): InquiryEvent {
  if (!(INQUIRY_ACTIONS as readonly string[]).includes(action))
    throw refusal(404, ErrorCodes.notFound, `No such action: ${action}. One of ${INQUIRY_ACTIONS.join(', ')}.`);
  return {
    type: 'InquiryStatusChanged',
    data: { inquiryId: state.inquiryId, change: step(state.machine, action as InquiryAction, actor, at, remark) },
  };
}

export function foldInquiry(
  events: readonly { type: string; data: unknown; revision: number; metadata: { recordedAt: string } }[],
): InquiryState | null {
  let state = null as InquiryState | null;
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as InquiryEvent;
    if (event.type === 'InquiryReceived') {
      const { inquiryId, change, ...content } = event.data;
      state = {
        inquiryId,
        machine: evolve<'inquiry'>(null, change as WorkflowStatusChanged<'inquiry'>),
        content,
        receivedAt: stored.metadata.recordedAt,
        revision: stored.revision,
      };
    } else if (state !== null) {
      const before: InquiryState = state;
      state = {
        ...before,
        machine: evolve<'inquiry'>(before.machine, event.data.change as WorkflowStatusChanged<'inquiry'>),
        revision: stored.revision,
      };
    }
  }
  return state;
}
