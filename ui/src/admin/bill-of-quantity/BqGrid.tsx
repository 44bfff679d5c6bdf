// The BQ tree table: a headless TanStack Table (v9) over the rows shown (bq-model visibleRows), virtualised
// with TanStack Virtual, worked like a spreadsheet (spec §4.9). One focusable treegrid; the
// active cell is its aria-activedescendant, so virtualised rows never hold focus. Keys: arrows move, Enter
// or F2 or typing edits (Enter saves, Escape cancels), Tab / Shift+Tab indent / outdent, Alt+Up / Alt+Down
// move, Ctrl+D duplicates, Delete deletes (with a confirmation), Insert adds an item below, Ctrl+C / Ctrl+V
// copy and paste rows with a spreadsheet, Shift+Up / Shift+Down select rows, Escape leaves the table. The
// description cell's editor offers the company's catalogue as the user types (BqDescriptionEditor): a pick
// writes description, unit and rate in one change (bq-catalogue-pick.ts).
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Box, IconButton } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { createColumnHelper, tableFeatures, useTable, type ReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CatalogueItemRow } from '@binaan/contracts';
import { formatMoney, formatQuantity } from '../format.js';
import { BqDescriptionEditor } from './BqDescriptionEditor.js';
import { pickedFields } from './bq-catalogue-pick.js';
import { canonicalMoney, canonicalQuantity, formatSen, type BqFieldName, type BqFields, type VisibleRow } from './bq-model.js';

export const COLUMNS = ['number', 'title', 'description', 'unit', 'quantity', 'rate', 'amount', 'buildUpCode'] as const;
export type ColumnId = (typeof COLUMNS)[number];
// The description takes what is left (at least its width); the table scrolls sideways below the sum.
const WIDTHS: Record<ColumnId, number> = {
  number: 84,
  title: 220,
  description: 180,
  unit: 64,
  quantity: 96,
  rate: 110,
  amount: 120,
  buildUpCode: 110,
};
const TEMPLATE = COLUMNS.map((c) => (c === 'description' ? `minmax(${WIDTHS[c]}px, 1fr)` : `${WIDTHS[c]}px`)).join(' ');
const TOTAL_WIDTH = COLUMNS.reduce((sum, c) => sum + WIDTHS[c], 0);
const ROW_WIDTH = `max(100%, ${TOTAL_WIDTH}px)`;
const NUMERIC = new Set<ColumnId>(['quantity', 'rate', 'amount']);
const ITEM_ONLY = new Set<ColumnId>(['unit', 'quantity', 'rate', 'buildUpCode']);
const EDITABLE = new Set<ColumnId>(['title', 'description', 'unit', 'quantity', 'rate', 'buildUpCode']);
const LIMITS: Partial<Record<ColumnId, number>> = { title: 500, description: 4000, unit: 20, buildUpCode: 40 };
export const ROW_HEIGHT = 36;

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, VisibleRow>();

/** "1234.5" -> "1,234.50" (the column's heading says RM). */
const figure = (amount: string) => formatMoney(amount).replace('RM ', '');

/** The text a cell shows. */
function shown(row: VisibleRow, column: ColumnId): string {
  const node = row.node;
  switch (column) {
    case 'number':
      return row.number;
    case 'title':
      return node.title;
    case 'description':
      return node.description ?? '';
    case 'unit':
      return node.unit ?? '';
    case 'quantity':
      return node.quantity === null ? '' : formatQuantity(node.quantity);
    case 'rate':
      return node.rate === null ? '' : figure(node.rate);
    case 'amount':
      return node.type === 'header' || node.quantity !== null || node.rate !== null ? figure(formatSen(node.amount)) : '';
    case 'buildUpCode':
      return node.buildUpCode ?? '';
  }
}

/** The text an edit starts from (figures as typed, without separators). */
function raw(row: VisibleRow, column: ColumnId): string {
  const node = row.node;
  if (column === 'quantity') return node.quantity === null ? '' : formatQuantity(node.quantity).replace(/,/g, '');
  if (column === 'rate') return node.rate ?? '';
  return shown(row, column);
}

export const cellEditable = (row: VisibleRow, column: ColumnId) =>
  EDITABLE.has(column) && !(row.node.type === 'header' && ITEM_ONLY.has(column));

/** A typed value as the field's canonical value, or an error key. */
export function parseCell(column: ColumnId, text: string): { value: string | null } | { error: string } {
  if (column === 'quantity') {
    const value = canonicalQuantity(text);
    return value === undefined ? { error: 'admin.bq.invalidQuantity' } : { value };
  }
  if (column === 'rate') {
    const value = canonicalMoney(text);
    return value === undefined ? { error: 'admin.bq.invalidMoney' } : { value };
  }
  const limit = LIMITS[column] ?? 500;
  if (text.length > limit) return { error: 'admin.bq.tooLong' };
  if (column === 'title') return { value: text.trim() };
  return { value: text.trim() === '' ? null : text.trim() };
}

export type GridCommand = 'indent' | 'outdent' | 'moveUp' | 'moveDown' | 'duplicate' | 'delete' | 'addItem' | 'addHeader' | 'copy';

export type GridProps = {
  rows: readonly VisibleRow[];
  version: number;
  label: string;
  describedBy: string;
  editable: boolean;
  activeId: string | null;
  activeColumn: number;
  selectedIds: ReadonlySet<string>;
  editRequest: { id: string; column: ColumnId; seq: number } | null;
  onActive: (id: string | null, column: number, extend: boolean) => void;
  /** Runs a command; an add answers the new row's id (its title is edited at once). */
  onCommand: (command: GridCommand) => string | void;
  onEdit: (id: string, field: BqFieldName, value: string | null) => void;
  /** Several fields of a row in one change (a catalogue item picked in the description cell). */
  onEditFields: (id: string, fields: Partial<BqFields>) => void;
  onToggle: (id: string, expand?: boolean) => void;
  onCopy: (event: ClipboardEvent) => void;
  onPaste: (text: string) => void;
  onLeave: () => void;
};

type Editing = { id: string; column: ColumnId; draft: string; error: string | null };

const Row = memo(function Row({
  row,
  index,
  start,
  table,
  active,
  activeColumn,
  selected,
  editing,
  cellId,
  onToggle,
  onCellClick,
  renderEditor,
  collapseLabel,
}: {
  row: ReturnType<ReactTable<typeof features, VisibleRow>['getRowModel']>['rows'][number];
  index: number;
  start: number;
  table: ReactTable<typeof features, VisibleRow>;
  active: boolean;
  activeColumn: number;
  selected: boolean;
  editing: ColumnId | null;
  cellId: (rowId: string, column: number) => string;
  onToggle: (id: string) => void;
  onCellClick: (id: string, column: number) => void;
  renderEditor: () => React.ReactNode;
  collapseLabel: (row: VisibleRow) => string;
  version: number;
}) {
  const data = row.original;
  const header = data.node.type === 'header';
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-level={data.depth + 1}
      aria-selected={selected}
      {...(data.hasChildren ? { 'aria-expanded': !data.collapsed } : {})}
      data-testid="bq-row"
      data-id={data.id}
      data-type={data.node.type}
      data-level={data.depth + 1}
      data-number={data.number}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: TEMPLATE,
      }}
      className={`bq-row${header ? ' bq-header' : ''}${selected ? ' bq-selected' : ''}`}
    >
      {row.getAllCells().map((cell, c) => {
        const column = cell.column.id as ColumnId;
        const isActive = active && c === activeColumn;
        return (
          <div
            key={cell.id}
            role="gridcell"
            id={cellId(data.id, c)}
            data-col={column}
            aria-readonly={!cellEditable(data, column) || undefined}
            className={`bq-cell${isActive ? ' bq-active' : ''}${NUMERIC.has(column) ? ' bq-num' : ''}`}
            onMouseDown={(e) => {
              if ((e.target as HTMLElement).closest('button,input')) return;
              onCellClick(data.id, c);
            }}
          >
            {editing === column ? (
              renderEditor()
            ) : column === 'number' ? (
              <span style={{ paddingLeft: data.depth * 12, display: 'inline-flex', alignItems: 'center' }}>
                {data.hasChildren ? (
                  <IconButton
                    size="small"
                    tabIndex={-1}
                    aria-label={collapseLabel(data)}
                    onClick={() => onToggle(data.id)}
                    sx={{ p: 0.25 }}
                    data-testid="bq-toggle"
                  >
                    {data.collapsed ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                  </IconButton>
                ) : (
                  <span style={{ display: 'inline-block', width: 26 }} />
                )}
                <table.FlexRender cell={cell} />
              </span>
            ) : (
              <span className="bq-text" style={column === 'title' ? { paddingLeft: data.depth * 12 } : undefined}>
                <table.FlexRender cell={cell} />
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
});

export function BqGrid(props: GridProps) {
  const { rows, editable, activeId, activeColumn, onActive, onCommand, onEdit, onToggle } = props;
  const translate = useTranslate();
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns = useMemo(
    () =>
      helper.columns(
        COLUMNS.map((id) =>
          helper.accessor((row: VisibleRow) => shown(row, id), {
            id,
            header: translate(`admin.bq.columns.${id}`),
            cell: (info) => info.getValue(),
          }),
        ),
      ),
    [translate],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (row: VisibleRow) => row.id });
  const modelRows = table.getRowModel().rows;

  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => modelRows[i]?.id ?? i,
  });
  const activeIndex = useMemo(() => (activeId === null ? -1 : rows.findIndex((r) => r.id === activeId)), [rows, activeId]);
  const cellId = useCallback((rowId: string, column: number) => `${gridId}-${rowId}-${column}`, [gridId]);

  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  const startEdit = useCallback(
    (row: VisibleRow, column: ColumnId, initial?: string) => {
      if (!editable || !cellEditable(row, column)) return false;
      setEditing({ id: row.id, column, draft: initial ?? raw(row, column), error: null });
      return true;
    },
    [editable],
  );

  // The page asks for an edit (a row just added: its title).
  useEffect(() => {
    if (!props.editRequest) return;
    const row = rows.find((r) => r.id === props.editRequest!.id);
    if (row) startEdit(row, props.editRequest.column, '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.editRequest?.seq]);

  // Focus goes to the input before the next key is read (typing straight after Insert loses nothing).
  useLayoutEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing?.id, editing?.column, editing]);

  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });

  /** Saves the edit; false (and the error shown) when the value is refused. */
  const commit = (): boolean => {
    if (!editing) return true;
    const parsed = parseCell(editing.column, editing.draft);
    if ('error' in parsed) {
      setEditing({ ...editing, error: parsed.error });
      return false;
    }
    const row = rows.find((r) => r.id === editing.id);
    setEditing(null);
    if (row && parsed.value !== (row.node[editing.column as BqFieldName] ?? null))
      onEdit(editing.id, editing.column as BqFieldName, parsed.value);
    focusGrid();
    return true;
  };

  const move = (dRow: number, dCol: number, extend = false) => {
    if (rows.length === 0) return;
    const index = Math.max(0, Math.min(rows.length - 1, activeIndex < 0 ? 0 : activeIndex + dRow));
    const column = Math.max(0, Math.min(COLUMNS.length - 1, activeColumn + dCol));
    onActive(rows[index]!.id, column, extend);
  };

  /** A catalogue item picked in the description cell: its fields in one change, then on as Enter or Tab would go. */
  const pick = (item: CatalogueItemRow, then: 'down' | 'right' | 'left') => {
    if (!editing) return;
    const row = rows.find((r) => r.id === editing.id);
    setEditing(null);
    if (row) props.onEditFields(row.id, pickedFields(row.node, item));
    focusGrid();
    if (then === 'down') move(1, 0);
    else move(0, then === 'right' ? 1 : -1);
  };

  const onEditorKey = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(null);
      focusGrid();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (commit()) move(1, 0);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      if (commit()) move(0, e.shiftKey ? -1 : 1);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const row = activeIndex >= 0 ? rows[activeIndex] : undefined;
    const column = COLUMNS[activeColumn]!;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key;
    const handled = () => e.preventDefault();
    if (key === 'ArrowDown' && e.altKey) return (handled(), onCommand('moveDown'));
    if (key === 'ArrowUp' && e.altKey) return (handled(), onCommand('moveUp'));
    if (key === 'ArrowDown') return (handled(), move(1, 0, e.shiftKey));
    if (key === 'ArrowUp') return (handled(), move(-1, 0, e.shiftKey));
    if (key === 'ArrowRight') {
      handled();
      if (activeColumn === 0 && row?.hasChildren && row.collapsed) return onToggle(row.id, true);
      return move(0, 1);
    }
    if (key === 'ArrowLeft') {
      handled();
      if (activeColumn === 0 && row?.hasChildren && !row.collapsed) return onToggle(row.id, false);
      return move(0, -1);
    }
    if (key === 'Home') return (handled(), ctrl ? onActive(rows[0]?.id ?? null, 0, false) : move(0, -COLUMNS.length));
    if (key === 'End') return (handled(), ctrl ? onActive(rows.at(-1)?.id ?? null, COLUMNS.length - 1, false) : move(0, COLUMNS.length));
    if (key === 'PageDown') return (handled(), move(Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1), 0));
    if (key === 'PageUp') return (handled(), move(-Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1), 0));
    if (key === 'Escape') return (handled(), props.onLeave());
    if (!editable) return;
    if (key === 'Tab') return (handled(), onCommand(e.shiftKey ? 'outdent' : 'indent'));
    if (ctrl && (key === 'd' || key === 'D')) return (handled(), onCommand('duplicate'));
    if (key === 'Delete') return (handled(), onCommand('delete'));
    if (key === 'Insert' || (ctrl && key === 'Enter')) {
      handled();
      const id = onCommand(e.shiftKey ? 'addHeader' : 'addItem');
      if (id) setEditing({ id, column: 'title', draft: '', error: null });
      return;
    }
    if (!row) return;
    if (key === 'Enter' || key === 'F2') return (handled(), startEdit(row, column));
    if (key === 'Backspace' && cellEditable(row, column)) return (handled(), startEdit(row, column, ''));
    if (key.length === 1 && !ctrl && !e.altKey && cellEditable(row, column)) {
      handled();
      startEdit(row, column, key);
    }
  };

  // Copy and paste: the browser's clipboard events on the focused grid (Ctrl+C / Ctrl+V, menus).
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const copy = (event: ClipboardEvent) => {
      if (event.target !== element) return;
      props.onCopy(event);
    };
    const paste = (event: ClipboardEvent) => {
      if (event.target !== element) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.trim() === '') return;
      event.preventDefault();
      props.onPaste(text);
    };
    element.addEventListener('copy', copy);
    element.addEventListener('paste', paste);
    return () => {
      element.removeEventListener('copy', copy);
      element.removeEventListener('paste', paste);
    };
  }, [props]);

  const renderEditor = () =>
    editing && (
      <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
        {editing.column === 'description' ? (
          <BqDescriptionEditor
            inputRef={inputRef}
            value={editing.draft}
            label={translate('admin.bq.columns.description')}
            invalid={editing.error !== null}
            errorId={editing.error ? `${gridId}-error` : undefined}
            onChange={(draft) => setEditing({ ...editing, draft, error: null })}
            onKeyDown={onEditorKey}
            onBlur={() => {
              if (!commit()) setEditing(null);
            }}
            onPick={pick}
          />
        ) : (
          <input
            ref={inputRef}
            className="bq-input"
            value={editing.draft}
            aria-label={translate(`admin.bq.columns.${editing.column}`)}
            aria-invalid={editing.error !== null}
            aria-describedby={editing.error ? `${gridId}-error` : undefined}
            data-testid="bq-editor"
            inputMode={NUMERIC.has(editing.column) ? 'decimal' : undefined}
            onChange={(e) => setEditing({ ...editing, draft: e.target.value, error: null })}
            onKeyDown={onEditorKey}
            onBlur={() => {
              if (!commit()) setEditing(null);
            }}
          />
        )}
        {editing.error && (
          <span id={`${gridId}-error`} role="alert" className="bq-error" data-testid="bq-editor-error">
            {translate(editing.error)}
          </span>
        )}
      </Box>
    );

  const collapseLabel = useCallback(
    (row: VisibleRow) =>
      translate(row.collapsed ? 'admin.bq.expand' : 'admin.bq.collapse', { title: row.node.title || translate('admin.bq.untitled') }),
    [translate],
  );
  const onCellClick = useCallback(
    (id: string, column: number) => {
      onActive(id, column, false);
      requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true }));
    },
    [onActive],
  );
  const toggle = useCallback((id: string) => onToggle(id), [onToggle]);

  const activeDescendant = activeIndex >= 0 && !editing ? cellId(rows[activeIndex]!.id, activeColumn) : undefined;
  return (
    <Box
      ref={scrollRef}
      role="treegrid"
      tabIndex={0}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      aria-rowcount={rows.length + 1}
      aria-colcount={COLUMNS.length}
      aria-readonly={!editable}
      aria-multiselectable
      aria-activedescendant={activeDescendant}
      onKeyDown={onKeyDown}
      data-testid="bq-grid"
      onFocus={(e) => {
        if (e.target === scrollRef.current && activeIndex < 0 && rows.length > 0) onActive(rows[0]!.id, 1, false);
      }}
      sx={{
        position: 'relative',
        overflow: 'auto', // width 0 and at least its parent's: the rows' width scrolls inside, never widens the page.
        width: 0,
        minWidth: '100%',
        height: { xs: '60vh', md: 'min(65vh, 640px)' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: 14,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        '& .bq-cell': {
          px: 1,
          display: 'flex',
          alignItems: 'center',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          borderBottom: 1,
          borderRight: 1,
          borderColor: 'divider',
          minWidth: 0,
        },
        '& .bq-text': { overflow: 'hidden', textOverflow: 'ellipsis' },
        '& .bq-num': { justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' },
        '& .bq-header .bq-cell': { fontWeight: 700, bgcolor: 'grey.100' },
        '& .bq-selected .bq-cell': { bgcolor: 'action.selected' },
        '& .bq-active': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        '& .bq-input': {
          width: '100%',
          height: 28,
          font: 'inherit',
          border: '1px solid',
          borderColor: 'primary.main',
          px: 0.5,
          boxSizing: 'border-box',
        },
        '& .bq-error': {
          position: 'absolute',
          top: 30,
          left: 0,
          zIndex: 2,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          px: 1,
          fontSize: 12,
          whiteSpace: 'nowrap',
        },
      }}
    >
      <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 1, width: ROW_WIDTH }}>
        {table.getHeaderGroups().map((group) => (
          <div key={group.id} role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: TEMPLATE, height: ROW_HEIGHT }}>
            {group.headers.map((h) => (
              <Box
                key={h.id}
                role="columnheader"
                className={`bq-cell${NUMERIC.has(h.column.id as ColumnId) ? ' bq-num' : ''}`}
                sx={{ bgcolor: 'background.paper', fontWeight: 600 }}
              >
                <table.FlexRender header={h} />
              </Box>
            ))}
          </div>
        ))}
      </div>
      <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize(), width: ROW_WIDTH }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = modelRows[item.index]!;
          const data = row.original;
          return (
            <Row
              key={row.id}
              row={row}
              index={item.index}
              start={item.start}
              table={table}
              version={props.version}
              active={data.id === activeId}
              activeColumn={activeColumn}
              selected={props.selectedIds.has(data.id)}
              editing={editing?.id === data.id ? editing.column : null}
              cellId={cellId}
              onToggle={toggle}
              onCellClick={onCellClick}
              renderEditor={renderEditor}
              collapseLabel={collapseLabel}
            />
          );
        })}
      </div>
    </Box>
  );
}
