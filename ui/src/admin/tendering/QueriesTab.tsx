// The buyer's "Queries" tab on its tender: the board with who asked, an answer form on each open question
// while the tender takes bids.
import type { DocumentView } from '@binaan/contracts';
import { QueriesBoard } from './QueriesBoard.js';

export function QueriesTab({ document }: { document: DocumentView }) {
  const open = document.status === 'active' && (!document.closeAt || Date.parse(document.closeAt) > Date.now());
  return <QueriesBoard tenderId={document.id} side="buyer" open={open} />;
}
