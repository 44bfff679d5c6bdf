// The comparison sheet's grid: items down, sellers across (spec §2.5 "comparison"; Procore's bid levelling
// sheet). A headless TanStack Table for the columns, TanStack Virtual for the rows (1,000 lines x 50
// sellers draws only the rows in view), the item column and the header sticky, the totals row sticky at the
// foot. The lowest rate of a line is marked by a star and bold type besides its colour, and named for
// screen readers. One focusable grid; the active cell is its aria-activedescendant (virtualised rows never
// hold focus): arrows, Home / End, Ctrl+Home / Ctrl+End, PageUp / PageDown. The grid scrolls sideways
// inside itself, so a phone's page never does.
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Box, useMediaQuery } from '@mui/material';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatMoney, formatQuantity } from '../../format.js';
import { cellOf, percentText, type Cell, type ComparisonRow, type ComparisonSheet } from './comparison-model.js';

export const ROW_HEIGHT = 48;
/** The item column (sticky): narrower on a phone, so a seller's column stays in view beside it. */
const ITEM_WIDTH = { desktop: 220, phone: 128 };
const SELLER_WIDTH = 176;
const figure = (amount: string | null) => (amount === null ? '' : formatMoney(amount).replace('RM ', ''));

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, ComparisonRow>();

function SellerCell({ cell, translate }: { cell: Cell; translate: (key: string, options?: Record<string, unknown>) => string }) {
  if (cell.state === 'missing') return <span className="cmp-muted">{translate('admin.tenderComparison.missing')}</span>;
  if (cell.state === 'excluded') return <span className="cmp-muted">{translate('admin.tenderComparison.excluded')}</span>;
  return (
    <span className="cmp-stack">
      <span className={cell.lowest ? 'cmp-lowest-rate' : undefined}>
        {cell.lowest && <span aria-hidden="true">★ </span>}
        {figure(cell.rate)}
        {cell.lowest && <span className="cmp-sr">{` (${translate('admin.tenderComparison.lowest')})`}</span>}
      </span>
      <span className="cmp-small">
        {figure(cell.amount)}
        {cell.state === 'included'
          ? ` · ${translate('admin.tenderComparison.included')}`
          : cell.percent === null
            ? ''
            : ` · ${percentText({ amount: '', percent: cell.percent })}`}
      </span>
    </span>
  );
}

const Row = memo(function Row({
  row,
  index,
  start,
  template,
  activeColumn,
  cellId,
  onCellClick,
}: {
  row: ComparisonRow;
  index: number;
  start: number;
  template: string;
  activeColumn: number | null;
  cellId: (row: number, column: number) => string;
  onCellClick: (row: number, column: number) => void;
}) {
  const translate = useTranslate();
  const cls = (column: number, extra = '') => `cmp-cell${extra}${activeColumn === column ? ' cmp-active' : ''}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="cmp-row"
      data-line={row.lineNo}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: template,
      }}
    >
      <div role="rowheader" id={cellId(index, 0)} className={cls(0, ' cmp-sticky')} onMouseDown={() => onCellClick(index, 0)}>
        <span className="cmp-text">
          <span className="cmp-no">{row.lineNo}</span> {row.description}
        </span>
      </div>
      <div role="gridcell" id={cellId(index, 1)} className={cls(1, ' cmp-num')} onMouseDown={() => onCellClick(index, 1)}>
        {formatQuantity(row.quantity)} {row.unit}
      </div>
      <div role="gridcell" id={cellId(index, 2)} className={cls(2, ' cmp-num')} onMouseDown={() => onCellClick(index, 2)}>
        <span className="cmp-stack">
          <span>{figure(row.estimate.rate)}</span>
          <span className="cmp-small">{figure(row.estimate.amount)}</span>
        </span>
      </div>
      {row.rates
        .map((_, s) => cellOf(row, s))
        .map((cell, s) => (
          <div
            key={s}
            role="gridcell"
            id={cellId(index, 3 + s)}
            data-state={cell.state}
            data-lowest={cell.lowest || undefined}
            className={cls(3 + s, ` cmp-num${cell.lowest ? ' cmp-lowest' : ''}`)}
            onMouseDown={() => onCellClick(index, 3 + s)}
          >
            <SellerCell cell={cell} translate={translate} />
          </div>
        ))}
    </div>
  );
});

export function ComparisonGrid({ sheet, label }: { sheet: ComparisonSheet; label: string }) {
  const translate = useTranslate();
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ row: number; column: number } | null>(null);
  const sellers = sheet.sellers;
  const columnCount = 3 + sellers.length;
  const itemWidth = useMediaQuery('(max-width:599.95px)') ? ITEM_WIDTH.phone : ITEM_WIDTH.desktop;
  const fixed = useMemo(() => [itemWidth, 110, 130], [itemWidth]);
  const template = useMemo(() => [...fixed, ...sellers.map(() => SELLER_WIDTH)].map((w) => `${w}px`).join(' '), [fixed, sellers]);
  const width = fixed.reduce((a, b) => a + b, 0) + sellers.length * SELLER_WIDTH;

  // The table model names the columns (its headers are what the sticky header row shows).
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((row) => row.description, { id: 'item', header: translate('admin.tenderComparison.item') }),
        helper.accessor((row) => row.quantity, { id: 'quantity', header: translate('admin.tenderComparison.quantity') }),
        helper.accessor((row) => row.estimate.rate, { id: 'estimate', header: translate('admin.tenderComparison.estimate') }),
        ...sellers.map((seller, s) =>
          helper.accessor((row) => row.rates[s] ?? null, { id: `seller-${s}`, header: seller.sellerName ?? seller.sellerCompanyId }),
        ),
      ]),
    [sellers, translate],
  );
  const table = useTable({ features, columns, data: sheet.items, getRowId: (row: ComparisonRow) => String(row.lineNo) });
  const rows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const totalsRow = rows.length; // the totals row is the last one the keyboard reaches

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const cellId = useCallback((row: number, column: number) => `${gridId}-${row}-${column}`, [gridId]);
  const onCellClick = useCallback((row: number, column: number) => {
    setActive({ row, column });
    requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true }));
  }, []);

  useEffect(() => {
    if (active === null) return;
    if (active.row < rows.length) virtualizer.scrollToIndex(active.row, { align: 'auto' });
    // Sideways: bring the active seller column out from under the sticky item column.
    const element = scrollRef.current;
    if (!element) return;
    if (active.column === 0) {
      element.scrollLeft = 0;
      return;
    }
    const left = fixed.slice(0, Math.min(active.column, 3)).reduce((a, b) => a + b, 0) + Math.max(0, active.column - 3) * SELLER_WIDTH;
    const right = left + (active.column < 3 ? fixed[active.column]! : SELLER_WIDTH);
    if (left - itemWidth < element.scrollLeft) element.scrollLeft = left - itemWidth;
    else if (right > element.scrollLeft + element.clientWidth) element.scrollLeft = right - element.clientWidth;
  }, [active, rows.length, virtualizer, fixed, itemWidth]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? { row: 0, column: 0 };
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 2);
    const go = (row: number, column: number) => {
      e.preventDefault();
      setActive({ row: Math.max(0, Math.min(totalsRow, row)), column: Math.max(0, Math.min(columnCount - 1, column)) });
    };
    const ctrl = e.ctrlKey || e.metaKey;
    if (e.key === 'ArrowDown') return go(current.row + 1, current.column);
    if (e.key === 'ArrowUp') return go(current.row - 1, current.column);
    if (e.key === 'ArrowRight') return go(current.row, current.column + 1);
    if (e.key === 'ArrowLeft') return go(current.row, current.column - 1);
    if (e.key === 'PageDown') return go(current.row + page, current.column);
    if (e.key === 'PageUp') return go(current.row - page, current.column);
    if (e.key === 'Home') return go(ctrl ? 0 : current.row, 0);
    if (e.key === 'End') return go(ctrl ? totalsRow : current.row, columnCount - 1);
  };

  const activeDescendant = active === null ? undefined : cellId(active.row, active.column);
  const totalClass = (column: number, extra = '') =>
    `cmp-cell cmp-total${extra}${active?.row === totalsRow && active.column === column ? ' cmp-active' : ''}`;
  return (
    <Box
      ref={scrollRef}
      role="grid"
      tabIndex={0}
      aria-label={label}
      aria-rowcount={rows.length + 2}
      aria-colcount={columnCount}
      aria-readonly
      aria-activedescendant={activeDescendant}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        if (e.target === scrollRef.current && active === null) setActive({ row: 0, column: 0 });
      }}
      data-testid="cmp-grid"
      sx={{
        position: 'relative',
        overflow: 'auto',
        width: 0,
        minWidth: '100%',
        height: { xs: '65vh', md: 'min(70vh, 720px)' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: 14,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        '& .cmp-cell': {
          px: 1,
          display: 'flex',
          alignItems: 'center',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          borderBottom: 1,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          minWidth: 0,
        },
        '& .cmp-sticky': { position: 'sticky', left: 0, zIndex: 1, boxShadow: '2px 0 0 rgba(0,0,0,0.12)' },
        '& .cmp-num': { justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums', textAlign: 'right' },
        '& .cmp-stack': { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.25 },
        '& .cmp-small': { fontSize: 12, color: 'text.secondary' },
        '& .cmp-muted': { color: 'text.secondary', fontStyle: 'italic' },
        '& .cmp-text': { overflow: 'hidden', textOverflow: 'ellipsis' },
        '& .cmp-no': { color: 'text.secondary', fontVariantNumeric: 'tabular-nums' },
        '& .cmp-lowest': { bgcolor: '#e3f2e5' },
        '& .cmp-lowest-rate': { fontWeight: 700, color: '#1b5e20' },
        '& .cmp-head': { fontWeight: 600, bgcolor: 'grey.100', whiteSpace: 'normal', lineHeight: 1.2 },
        '& .cmp-total': { fontWeight: 700, bgcolor: 'grey.100' },
        '& .cmp-active': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        '& .cmp-sr': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
      }}
    >
      <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 2, width }}>
        <div role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT + 8 }}>
          {headers.map((header, c) => (
            <div
              key={header.id}
              role="columnheader"
              className={`cmp-cell cmp-head${c === 0 ? ' cmp-sticky' : ' cmp-num'}`}
              data-testid={c >= 3 ? 'cmp-seller' : undefined}
            >
              {c >= 3 ? (
                <span className="cmp-stack">
                  <span>
                    <table.FlexRender header={header} />
                  </span>
                  <span className="cmp-small">{translate('admin.tenderComparison.rank', { rank: sellers[c - 3]!.rank })}</span>
                </span>
              ) : (
                <table.FlexRender header={header} />
              )}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize(), width }}>
        {virtualizer.getVirtualItems().map((item) => (
          <Row
            key={item.key}
            row={rows[item.index]!.original}
            index={item.index}
            start={item.start}
            template={template}
            activeColumn={active?.row === item.index ? active.column : null}
            cellId={cellId}
            onCellClick={onCellClick}
          />
        ))}
      </div>
      <div role="rowgroup" style={{ position: 'sticky', bottom: 0, zIndex: 2, width }}>
        <div
          role="row"
          aria-rowindex={rows.length + 2}
          data-testid="cmp-totals"
          style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT }}
        >
          <div
            role="rowheader"
            id={cellId(totalsRow, 0)}
            className={totalClass(0, ' cmp-sticky')}
            onMouseDown={() => onCellClick(totalsRow, 0)}
          >
            {translate('admin.tenderComparison.total')}
          </div>
          <div
            role="gridcell"
            id={cellId(totalsRow, 1)}
            className={totalClass(1, ' cmp-num')}
            onMouseDown={() => onCellClick(totalsRow, 1)}
          >
            {translate('admin.tenderComparison.lines', { count: sheet.lines })}
          </div>
          <div
            role="gridcell"
            id={cellId(totalsRow, 2)}
            className={totalClass(2, ' cmp-num')}
            onMouseDown={() => onCellClick(totalsRow, 2)}
          >
            {figure(sheet.estimate.total)}
          </div>
          {sellers.map((seller, s) => (
            <div
              key={seller.sellerCompanyId}
              role="gridcell"
              id={cellId(totalsRow, 3 + s)}
              className={totalClass(3 + s, ' cmp-num')}
              data-testid="cmp-seller-total"
              onMouseDown={() => onCellClick(totalsRow, 3 + s)}
            >
              <span className="cmp-stack">
                <span>{figure(seller.total)}</span>
                <span className="cmp-small">{percentText(seller.deviation)}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
    </Box>
  );
}
