// A conversation message's text is sealed under its author's user id: forgetting the person erases what
// they wrote (it reads `[erased]`), and the conversation keeps its other messages, its order and who
// wrote each (the user id, whose name reads `[erased]` from identity).
import type { PersonalDataDeclarations } from '@binaan/event-store';

export const businessNetworkPersonalData: PersonalDataDeclarations = {
  ConversationMessagePosted: {
    subject: (data) => (typeof data.authorUserId === 'string' ? data.authorUserId : ''),
    fields: ['text'],
  },
};
