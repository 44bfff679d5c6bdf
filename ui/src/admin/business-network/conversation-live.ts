// Business-network messages pushed on the user channel (the bell holds the one socket): announced on the
// window, heard by the conversation pages, which then read the conversation again.
import { useEffect } from 'react';

export type ConversationMessagePush = { conversation_id: string; message_id: string; company_id: string };

const EVENT = 'binaan:conversation-message';

export function announceConversationMessage(body: ConversationMessagePush): void {
  window.dispatchEvent(new CustomEvent<ConversationMessagePush>(EVENT, { detail: body }));
}

export function useConversationMessages(listener: (push: ConversationMessagePush) => void): void {
  useEffect(() => {
    const handler = (event: Event) => listener((event as CustomEvent<ConversationMessagePush>).detail);
    window.addEventListener(EVENT, handler);
    return () => window.removeEventListener(EVENT, handler);
  }, [listener]);
}
