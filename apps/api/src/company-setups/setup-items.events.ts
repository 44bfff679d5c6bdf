// A company's setup items, one stream per company and kind (`companySetup-<companyId>-<kind>`): the names of a
// kind are unique in the company, and one stream lets the decider see every name it must compare with, the
// store's expected revision closing the race between two creates of the same name.
import type { QuestionnaireType, SetupKind, SetupQuestion } from '@binaan/contracts';

export const SETUP_STREAM_TYPE = 'companySetup';
export const setupStream = (companyId: string, kind: SetupKind) => `${SETUP_STREAM_TYPE}-${companyId}-${kind}`;

/** What an item holds: `name` is a profit parameter's code, else the name. */
export type SetupFields = {
  name: string;
  description: string;
  type?: QuestionnaireType;
  minScore?: number;
  maxScore?: number;
  questions?: SetupQuestion[];
};

export type SetupItemEvent =
  | { type: 'SetupItemCreated'; data: { itemId: string; kind: SetupKind; fields: SetupFields; reason: string | null } }
  | { type: 'SetupItemEdited'; data: { itemId: string; kind: SetupKind; fields: SetupFields; reason: string | null } }
  | { type: 'SetupItemDeactivated'; data: { itemId: string; kind: SetupKind; reason: string | null } }
  | { type: 'SetupItemReactivated'; data: { itemId: string; kind: SetupKind; reason: string | null } };

export const SETUP_EVENT_TYPES = ['SetupItemCreated', 'SetupItemEdited', 'SetupItemDeactivated', 'SetupItemReactivated'] as const;
