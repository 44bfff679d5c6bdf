// The machine's state diagram, drawn from the catalogue's transitions (no status is named here): states in
// columns by their distance from the creation state, arrows for transitions, the highlighted state filled.
import { useTranslate } from 'react-admin';
import { useTheme } from '@mui/material';
import type { CatalogueEntry } from '../catalogue/catalogue.js';
import { statusLabel } from '../catalogue/labels.js';

const W = 150,
  H = 36,
  GAP_X = 60,
  GAP_Y = 22;

export function layoutStates(entry: CatalogueEntry): Map<string, { x: number; y: number }> {
  const depth = new Map<string, number>();
  const queue = entry.states.filter((s) => s.initial).map((s) => s.status);
  queue.forEach((s) => depth.set(s, 0));
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const t of entry.transitions) {
      if (t.from === from && !depth.has(t.to)) {
        depth.set(t.to, depth.get(from)! + 1);
        queue.push(t.to);
      }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  for (const s of entry.states) if (!depth.has(s.status)) depth.set(s.status, maxDepth + 1);
  const rows = new Map<number, number>();
  const positions = new Map<string, { x: number; y: number }>();
  for (const s of entry.states) {
    const column = depth.get(s.status)!;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(s.status, { x: 10 + column * (W + GAP_X), y: 10 + row * (H + GAP_Y) });
  }
  return positions;
}

export function StateDiagram({ entry, highlight }: { entry: CatalogueEntry; highlight: string | null }) {
  const translate = useTranslate();
  const theme = useTheme();
  const positions = layoutStates(entry);
  const width = Math.max(...[...positions.values()].map((p) => p.x)) + W + 10;
  const height = Math.max(...[...positions.values()].map((p) => p.y)) + H + 10;
  const edges = entry.transitions.filter((t) => t.from !== null && t.from !== t.to);
  const unique = [...new Map(edges.map((t) => [`${t.from}->${t.to}`, t])).values()];
  return (
    <svg
      width="100%"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={translate('admin.replay.diagram')}
      data-testid="state-diagram"
      style={{ maxWidth: width }}
    >
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={theme.palette.text.secondary} />
        </marker>
      </defs>
      {unique.map((t) => {
        const a = positions.get(t.from!)!,
          b = positions.get(t.to)!;
        const forward = b.x > a.x;
        const x1 = forward ? a.x + W : a.x + W / 2,
          y1 = forward ? a.y + H / 2 : a.y + (b.y > a.y ? H : 0);
        const x2 = forward ? b.x : b.x + W / 2,
          y2 = forward ? b.y + H / 2 : b.y + (b.y > a.y ? 0 : H);
        const bend = forward ? 0 : 40;
        return (
          <path
            key={`${t.from}-${t.to}`}
            d={`M ${x1} ${y1} Q ${(x1 + x2) / 2 + bend} ${(y1 + y2) / 2} ${x2} ${y2}`}
            fill="none"
            stroke={theme.palette.divider}
            strokeWidth={1.5}
            markerEnd="url(#arrow)"
          />
        );
      })}
      {entry.states.map((s) => {
        const p = positions.get(s.status)!;
        const on = s.status === highlight;
        return (
          <g key={s.status} data-testid={`diagram-state-${s.status}`} data-highlighted={on}>
            <rect
              x={p.x}
              y={p.y}
              width={W}
              height={H}
              rx={8}
              fill={on ? theme.palette.primary.main : theme.palette.background.paper}
              stroke={on ? theme.palette.primary.dark : s.final ? theme.palette.text.primary : theme.palette.text.secondary}
              strokeWidth={s.final ? 2.5 : 1.2}
            />
            <text
              x={p.x + W / 2}
              y={p.y + H / 2 + 4}
              textAnchor="middle"
              fontSize={12}
              fill={on ? theme.palette.primary.contrastText : theme.palette.text.primary}
            >
              {statusLabel(translate, entry.resource, s.status)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
