// A BQ tab's tree (BqNode with parentId and order, packages/contracts) as the flat rows an export writes
// and an import reads: depth first, children by order, level 1 at the top of the tab.
import type { BqImportRow, BqNode } from '@binaan/contracts';

export function treeRows(nodes: readonly BqNode[]): BqImportRow[] {
  const children = new Map<string | null, BqNode[]>();
  for (const node of nodes) {
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.order - b.order);
  const rows: BqImportRow[] = [];
  // An explicit stack, not recursion: a deep tree must not overflow the call stack.
  const stack: { node: BqNode; level: number }[] = [...(children.get(null) ?? [])].reverse().map((node) => ({ node, level: 1 }));
  while (stack.length > 0) {
    const { node, level } = stack.pop()!;
    rows.push({
      level,
      type: node.type,
      title: node.title,
      description: node.description,
      unit: node.unit,
      quantity: node.quantity,
      rate: node.rate,
    });
    const below = children.get(node.id) ?? [];
    for (let i = below.length - 1; i >= 0; i--) stack.push({ node: below[i]!, level: level + 1 });
  }
  return rows;
}
