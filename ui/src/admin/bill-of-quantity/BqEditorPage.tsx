// The project's bill of quantity (spec §4.9, §2.6 /bill-of-quantity/<projectId>/<status>): BQ
// tabs (add, rename, delete), the tree table of headers and items with the ten operations from a toolbar
// and the keyboard, amounts rolled up to headers, the tab and the BQ, copy and paste with a spreadsheet,
// the approval actions the machine offers, and the BQ's history. Changes show at once and are saved one at
// a time in the background (use-bq-editor.ts); a second user's changes come in live.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import PostAddIcon from '@mui/icons-material/PostAdd';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import VerticalAlignTopIcon from '@mui/icons-material/VerticalAlignTop';
import VerticalAlignBottomIcon from '@mui/icons-material/VerticalAlignBottom';
import { StatusChip } from '../documents/StatusChip.js';
import { formatMoney } from '../format.js';
import { MachineActions } from '../projects/MachineActions.js';
import { rowsToTsv, tsvToRows } from './bq-clipboard.js';
import { importParts } from './bq-ops.js';
import {
  childrenOf,
  formatSen,
  headersWithChildren,
  parentKey,
  refusal,
  subtree,
  visibleRows,
  type BqFieldName,
  type BqFields,
  type VisibleRow,
} from './bq-model.js';
import { BqFileActions } from './BqFileActions.js';
import { BqGrid, type ColumnId, type GridCommand } from './BqGrid.js';
import { BqHistory } from './BqHistory.js';
import { BqRefusals, readOnlyText } from './BqRefusals.js';
import { useBqEditor } from './use-bq-editor.js';
import { ChosenRowTenders, useBqItemTenders } from '../tendering/BqRowTenders.js';

type TabDialog = { mode: 'add' | 'rename'; name: string; error: string | null } | null;
type Confirm = { kind: 'row'; id: string; title: string; count: number } | { kind: 'tab'; id: string; name: string } | null;

export function BqEditorPage({
  projectId,
  projectName,
  members = [],
}: {
  projectId: string;
  projectName: string;
  members?: readonly { userId: string; name: string | null }[];
}) {
  const translate = useTranslate();
  const editor = useBqEditor(projectId);
  const { model, version, editable } = editor;
  const helpId = useId();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [section, setSection] = useState<'rows' | 'history'>('rows');
  const [tabId, setTabId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [active, setActive] = useState<{ id: string | null; column: number; anchor: string | null }>({ id: null, column: 1, anchor: null });
  const [editRequest, setEditRequest] = useState<{ id: string; column: ColumnId; seq: number } | null>(null);
  const [tabDialog, setTabDialog] = useState<TabDialog>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The tab an import brought, shown once the BQ read again has it. */
  const [importedTab, setImportedTab] = useState<string | null>(null);
  const names = useMemo(() => new Map(members.map((m) => [m.userId, m.name ?? m.userId])), [members]);

  // The tab shown: the one chosen while it exists, else the first.
  const tabs = model.tabOrder;
  const currentTab = tabId !== null && model.tabs.has(tabId) ? tabId : (tabs[0] ?? null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows = useMemo(() => visibleRows(model, currentTab, collapsed), [model, currentTab, collapsed, version]);
  const selectedIds = useMemo(() => {
    if (!active.id) return new Set<string>();
    const a = rows.findIndex((r) => r.id === active.id);
    const b = active.anchor ? rows.findIndex((r) => r.id === active.anchor) : a;
    if (a < 0) return new Set<string>();
    const [from, to] = b < 0 ? [a, a] : [Math.min(a, b), Math.max(a, b)];
    return new Set(rows.slice(from, to + 1).map((r) => r.id));
  }, [rows, active.id, active.anchor]);
  const activeRow: VisibleRow | undefined = rows.find((r) => r.id === active.id);
  // The tenders made from the BQ's rows (a tender line links back here with ?item=<row>).
  const tendered = useBqItemTenders(projectId);
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('item');
  const [opened, setOpened] = useState<string | null>(null);
  useEffect(() => {
    // Opened at a row (from a tender line): its tab shown, its headers opened, the row chosen (the grid scrolls to it).
    const node = wanted && wanted !== opened ? model.nodes.get(wanted) : undefined;
    if (!node) return;
    setOpened(wanted);
    setTabId(node.tabId);
    const above = new Set<string>();
    for (let parent = node.parentId; parent !== null; parent = model.nodes.get(parent)?.parentId ?? null) above.add(parent);
    setCollapsed((c) => new Set([...c].filter((id) => !above.has(id))));
    setActive({ id: node.id, column: 1, anchor: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, opened, version]);

  const say = (text: string) => setAnnouncement(text);
  const refused = (code: string) => say(translate(`error.${code}`));

  const onActive = useCallback((id: string | null, column: number, extend: boolean) => {
    setActive((prev) => ({ id, column, anchor: extend ? (prev.anchor ?? prev.id) : null }));
  }, []);

  /** Adds a row below the active one (its sibling); answers its id. The keyboard edits its title at once, a button asks the grid to. */
  const addRow = (type: 'header' | 'item', fromKeyboard: boolean): string | undefined => {
    const id = editor.temporaryId();
    const node = activeRow?.node;
    const parentId = node ? node.parentId : null;
    const siblings = childrenOf(model, parentKey({ tabId: currentTab, parentId }));
    const order = node ? siblings.indexOf(node.id) + 1 : siblings.length;
    if (!editor.apply({ kind: 'add', id, tabId: currentTab, parentId, type, fields: { title: '' }, order })) return undefined;
    setActive({ id, column: 1, anchor: null });
    if (!fromKeyboard) setEditRequest({ id, column: 'title', seq: Date.now() });
    return id;
  };

  const removeAsked = () => {
    if (!activeRow) return;
    setConfirm({
      kind: 'row',
      id: activeRow.id,
      title: activeRow.node.title || translate('admin.bq.untitled'),
      count: subtree(model, activeRow.id).length - 1,
    });
  };

  const command = (which: GridCommand | 'promote' | 'demote', fromKeyboard = false): string | undefined => {
    if (which === 'addItem') return addRow('item', fromKeyboard);
    if (which === 'addHeader') return addRow('header', fromKeyboard);
    if (!activeRow || !editable) return;
    const id = activeRow.id;
    const tab = activeRow.node.tabId;
    switch (which) {
      case 'delete':
        removeAsked();
        return;
      case 'duplicate': {
        const copies = subtree(model, id).map((from): [string, string] => [from, editor.temporaryId()]);
        if (editor.apply({ kind: 'duplicate', id, tabId: tab, copies })) {
          setActive((a) => ({ ...a, id: copies[0]![1], anchor: null }));
          say(translate('admin.bq.done.duplicate'));
        }
        return;
      }
      case 'moveUp':
      case 'moveDown': {
        const code = refusal(model, which, id);
        if (code) {
          refused(code);
          return;
        }
        editor.apply({ kind: 'move', id, tabId: tab, direction: which === 'moveUp' ? 'up' : 'down' });
        return;
      }
      case 'indent':
      case 'outdent':
      case 'promote':
      case 'demote': {
        const code = refusal(model, which, id);
        if (code) {
          refused(code);
          return;
        }
        if (which === 'indent') {
          // The header it goes under is opened, so the row stays in sight.
          const parent = model.nodes.get(
            childrenOf(model, parentKey(activeRow.node))[childrenOf(model, parentKey(activeRow.node)).indexOf(id) - 1]!,
          )!;
          setCollapsed((c) => (c.has(parent.id) ? new Set([...c].filter((x) => x !== parent.id)) : c));
        }
        editor.apply({ kind: which, id, tabId: tab });
        say(translate(`admin.bq.done.${which}`));
        return;
      }
      case 'copy':
        void navigator.clipboard?.writeText(copyText()).then(
          () => say(translate('admin.bq.done.copy')),
          () => undefined,
        );
        return;
    }
  };

  /** The selected rows with everything under them, depth first, as tab-separated text. */
  const copyText = () => {
    const chosen = rows.filter((r) => selectedIds.has(r.id));
    const ids = new Set<string>();
    for (const r of chosen) for (const id of subtree(model, r.id)) ids.add(id);
    const all = visibleRows(model, currentTab, new Set());
    return rowsToTsv(all.filter((r) => ids.has(r.id)));
  };

  const onCopy = (event: ClipboardEvent) => {
    if (selectedIds.size === 0) return;
    event.clipboardData?.setData('text/plain', copyText());
    event.preventDefault();
    say(translate('admin.bq.done.copy'));
  };

  const onPaste = (text: string) => {
    if (!editable) return;
    const pasted = tsvToRows(text);
    if (!pasted) return;
    const node = activeRow?.node;
    const parentId = node ? (node.type === 'header' ? node.id : node.parentId) : null;
    // In parts the api takes (bodies of at most 100 KB), each a change of its own in the queue.
    const ids: string[] = [];
    let ok = true;
    for (const part of importParts(pasted)) {
      const partIds = part.map(() => editor.temporaryId());
      ok = editor.apply({ kind: 'import', tabId: currentTab, parentId, rows: part, ids: partIds }) && ok;
      ids.push(...partIds);
    }
    if (ok && ids.length > 0) {
      if (parentId) setCollapsed((c) => new Set([...c].filter((x) => x !== parentId)));
      setActive({ id: ids[0]!, column: 1, anchor: null });
      say(translate('admin.bq.done.paste', { count: ids.length }));
    }
  };

  const onEdit = useCallback(
    (id: string, field: BqFieldName, value: string | null) => {
      const node = model.nodes.get(id);
      if (!node) return;
      editor.apply({ kind: 'update', id, tabId: node.tabId, fields: { [field]: value } });
    },
    [model, editor],
  );

  const onEditFields = useCallback(
    (id: string, fields: Partial<BqFields>) => {
      const node = model.nodes.get(id);
      if (!node) return;
      editor.apply({ kind: 'update', id, tabId: node.tabId, fields });
    },
    [model, editor],
  );

  const onToggle = useCallback((id: string, expand?: boolean) => {
    setCollapsed((c) => {
      const next = new Set(c);
      const open = expand ?? next.has(id);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!importedTab) return;
    const found = model.tabOrder.find((t) => model.tabs.get(t)?.name.trim().toLowerCase() === importedTab.trim().toLowerCase());
    if (!found) return;
    setTabId(found);
    setImportedTab(null);
  }, [version, importedTab, model]);

  // After a delete (or a row gone with a reload) the active row moves to a row still shown.
  useEffect(() => {
    if (active.id && !model.nodes.has(active.id)) setActive((a) => ({ ...a, id: rows[0]?.id ?? null, anchor: null }));
  }, [version, active.id, model, rows]);

  const saveTab = () => {
    if (!tabDialog) return;
    const name = tabDialog.name.trim();
    if (name === '') return setTabDialog({ ...tabDialog, error: 'error.bqTabNameRequired' });
    const taken = [...model.tabs.values()].some(
      (t) => t.name.toLowerCase() === name.toLowerCase() && (tabDialog.mode === 'add' || t.id !== currentTab),
    );
    if (taken) return setTabDialog({ ...tabDialog, error: 'error.bqTabNameTaken' });
    if (tabDialog.mode === 'add') {
      const id = editor.temporaryId();
      editor.apply({ kind: 'addTab', id, name });
      setTabId(id);
    } else if (currentTab) {
      editor.apply({ kind: 'renameTab', tabId: currentTab, name });
    }
    setTabDialog(null);
  };

  const confirmDelete = () => {
    if (!confirm) return;
    if (confirm.kind === 'row') {
      const index = rows.findIndex((r) => r.id === confirm.id);
      const node = model.nodes.get(confirm.id);
      if (node && editor.apply({ kind: 'delete', id: confirm.id, tabId: node.tabId })) {
        const after = visibleRows(model, currentTab, collapsed);
        setActive({ id: after[Math.min(index, after.length - 1)]?.id ?? null, column: active.column, anchor: null });
        say(translate('admin.bq.done.delete'));
      }
    } else {
      editor.apply({ kind: 'removeTab', tabId: confirm.id });
      setTabId(null);
    }
    setConfirm(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="bq-grid"]')?.focus());
  };

  if (editor.error)
    return (
      <Alert severity="warning" data-testid="bq-error">
        {translate(`error.${editor.error}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  if (editor.loading) return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;

  const tab = currentTab ? model.tabs.get(currentTab) : undefined;
  const saving = editor.queued > 0;
  const notSaved = editor.refusals.length;
  const buttons: { key: GridCommand | 'promote' | 'demote'; icon: React.ReactNode; needsRow: boolean }[] = [
    { key: 'addHeader', icon: <PostAddIcon />, needsRow: false },
    { key: 'addItem', icon: <PlaylistAddIcon />, needsRow: false },
    { key: 'duplicate', icon: <ContentCopyIcon />, needsRow: true },
    { key: 'delete', icon: <DeleteIcon />, needsRow: true },
    { key: 'indent', icon: <FormatIndentIncreaseIcon />, needsRow: true },
    { key: 'outdent', icon: <FormatIndentDecreaseIcon />, needsRow: true },
    { key: 'moveUp', icon: <ArrowUpwardIcon />, needsRow: true },
    { key: 'moveDown', icon: <ArrowDownwardIcon />, needsRow: true },
    { key: 'promote', icon: <VerticalAlignTopIcon />, needsRow: true },
    { key: 'demote', icon: <VerticalAlignBottomIcon />, needsRow: true },
  ];

  return (
    <Box data-testid="bq-page" data-queued={editor.queued} data-live={editor.live} data-status={editor.status ?? 'none'}>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            useFlexGap
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="h6" component="h2">
                {translate('admin.bq.title')}
              </Typography>
              {editor.status && <StatusChip resource="billOfQuantity" status={editor.status} />}
              <Typography
                variant="body2"
                color={notSaved > 0 ? 'error' : 'text.secondary'}
                role="status"
                data-testid="bq-saved"
                data-saving={saving}
                data-not-saved={notSaved}
              >
                {/* Never "saved" while a refused change is on record: the user would believe lost work was kept. */}
                {notSaved > 0
                  ? translate('admin.bq.notSaved', { count: notSaved })
                  : saving
                    ? translate('admin.bq.saving', { n: editor.queued })
                    : translate('admin.bq.saved')}
                {' · '}
                {translate(editor.live ? 'admin.bq.live' : 'admin.bq.offline')}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
              <Typography data-testid="bq-tab-total">
                {translate('admin.bq.tabTotal')}: <b>{formatMoney(formatSen(tab?.amount ?? 0n))}</b>
              </Typography>
              <Typography data-testid="bq-total">
                {translate('admin.bq.bqTotal')}: <b>{formatMoney(formatSen(model.amount))}</b>
              </Typography>
            </Stack>
          </Stack>
          <Box sx={{ mt: 1 }}>
            <BqFileActions
              projectId={projectId}
              editable={editable}
              disabled={saving}
              onImported={(reply) => {
                setImportedTab(reply.tabs[0]?.name ?? null);
                setSection('rows');
                say(translate('admin.bq.import.done', { rows: reply.rows, tabs: reply.tabs.map((t) => t.name).join(', ') }));
                void editor.refresh();
              }}
            />
          </Box>
          {editor.status && (
            <Box sx={{ mt: 1 }}>
              <MachineActions
                resource="billOfQuantity"
                path={`/api/bill-of-quantity/${encodeURIComponent(projectId)}`}
                name={translate('admin.bq.documentName', { project: projectName })}
                revision={editor.sync?.revision ?? -1}
                actions={editor.availableActions}
                onDone={() => void editor.refresh()}
                disabled={saving}
              />
            </Box>
          )}
          {!editable && editor.readOnlyBecause && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="bq-read-only" data-reason={editor.readOnlyBecause}>
              {readOnlyText(translate, editor.readOnlyBecause)}
            </Alert>
          )}
        </CardContent>
      </Card>

      <Tabs
        value={section}
        onChange={(_e, next: 'rows' | 'history') => setSection(next)}
        aria-label={translate('admin.bq.sections')}
        sx={{ mb: 1 }}
      >
        <Tab value="rows" label={translate('admin.bq.rows')} data-testid="bq-section-rows" />
        <Tab value="history" label={translate('admin.bq.history.title')} data-testid="bq-section-history" />
      </Tabs>

      {section === 'history' ? (
        <BqHistory projectId={projectId} version={version} names={names} />
      ) : (
        <Box role="tabpanel" aria-label={translate('admin.bq.rows')}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }} useFlexGap>
            {tabs.length > 0 && (
              <Tabs
                value={currentTab}
                onChange={(_e, next: string) => setTabId(next)}
                variant="scrollable"
                scrollButtons="auto"
                allowScrollButtonsMobile
                aria-label={translate('admin.bq.tabsLabel')}
                sx={{ flex: 1, minWidth: { xs: '100%', sm: 0 } }}
              >
                {tabs.map((id) => (
                  <Tab key={id} value={id} label={model.tabs.get(id)!.name} data-testid="bq-tab" data-name={model.tabs.get(id)!.name} />
                ))}
              </Tabs>
            )}
            {tabs.length === 0 && (
              <Typography sx={{ flex: 1, py: 1 }} color="text.secondary" data-testid="bq-no-tabs">
                {translate('admin.bq.noTabs')}
              </Typography>
            )}
            {editable && (
              <Stack direction="row" spacing={0.5}>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setTabDialog({ mode: 'add', name: '', error: null })}
                  data-testid="bq-tab-add"
                >
                  {translate('admin.bq.addTab')}
                </Button>
                {tab && (
                  <Button
                    size="small"
                    onClick={() => setTabDialog({ mode: 'rename', name: tab.name, error: null })}
                    data-testid="bq-tab-rename"
                  >
                    {translate('admin.bq.renameTab')}
                  </Button>
                )}
                {tab && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm({ kind: 'tab', id: tab.id, name: tab.name })}
                    data-testid="bq-tab-delete"
                  >
                    {translate('admin.bq.deleteTab')}
                  </Button>
                )}
              </Stack>
            )}
          </Stack>

          <Stack
            ref={toolbarRef}
            direction="row"
            role="toolbar"
            aria-label={translate('admin.bq.toolbar')}
            sx={{ flexWrap: 'wrap', py: 0.5, alignItems: 'center' }}
            useFlexGap
          >
            {editable &&
              buttons.map((b) => (
                <Tooltip key={b.key} title={translate(`admin.bq.ops.${b.key}`)}>
                  <span>
                    <IconButton
                      aria-label={translate(`admin.bq.ops.${b.key}`)}
                      disabled={b.needsRow && !activeRow}
                      onClick={() => void command(b.key)}
                      data-testid={`bq-op-${b.key}`}
                    >
                      {b.icon}
                    </IconButton>
                  </span>
                </Tooltip>
              ))}
            <Tooltip title={translate('admin.bq.ops.collapseAll')}>
              <IconButton
                aria-label={translate('admin.bq.ops.collapseAll')}
                onClick={() => setCollapsed(new Set(headersWithChildren(model, currentTab)))}
                data-testid="bq-op-collapseAll"
              >
                <UnfoldLessIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('admin.bq.ops.expandAll')}>
              <IconButton
                aria-label={translate('admin.bq.ops.expandAll')}
                onClick={() => setCollapsed(new Set())}
                data-testid="bq-op-expandAll"
              >
                <UnfoldMoreIcon />
              </IconButton>
            </Tooltip>
          </Stack>

          <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(editable ? 'admin.bq.keys' : 'admin.bq.keysReadOnly')}
          </Typography>
          <BqRefusals refusals={editor.refusals} model={model} onDismiss={editor.dismissRefusals} />
          {/* The chosen row's tenders, above the grid so they show without scrolling past it on a phone. */}
          {activeRow && <ChosenRowTenders projectId={projectId} rowId={activeRow.id} project={tendered} />}
          <BqGrid
            rows={rows}
            version={version}
            label={translate('admin.bq.gridLabel', { tab: tab?.name ?? translate('admin.bq.title') })}
            describedBy={helpId}
            editable={editable}
            activeId={activeRow?.id ?? null}
            activeColumn={active.column}
            selectedIds={selectedIds}
            editRequest={editRequest}
            onActive={onActive}
            onCommand={(which) => command(which, true)}
            onEdit={onEdit}
            onEditFields={onEditFields}
            onToggle={onToggle}
            onCopy={onCopy}
            onPaste={onPaste}
            onLeave={() => toolbarRef.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus()}
          />
          {rows.length === 0 && tabs.length > 0 && (
            <Typography sx={{ mt: 1 }} color="text.secondary" data-testid="bq-empty">
              {translate('admin.bq.empty')}
            </Typography>
          )}
          <Box
            role="status"
            aria-live="polite"
            sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            data-testid="bq-announce"
          >
            {announcement}
          </Box>
        </Box>
      )}

      <Dialog
        open={tabDialog !== null}
        onClose={() => setTabDialog(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${helpId}-tab`}
        data-testid="bq-tab-dialog"
      >
        <DialogTitle id={`${helpId}-tab`}>{translate(tabDialog?.mode === 'rename' ? 'admin.bq.renameTab' : 'admin.bq.addTab')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('admin.bq.tabName')}
            value={tabDialog?.name ?? ''}
            error={Boolean(tabDialog?.error)}
            helperText={tabDialog?.error ? translate(tabDialog.error) : translate('admin.bq.tabNameHelp')}
            onChange={(e) => tabDialog && setTabDialog({ ...tabDialog, name: e.target.value, error: null })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                saveTab();
              }
            }}
            slotProps={{ htmlInput: { 'data-testid': 'bq-tab-name', maxLength: 100 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTabDialog(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={saveTab} data-testid="bq-tab-save">
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${helpId}-confirm`}
        data-testid="bq-confirm"
      >
        <DialogTitle id={`${helpId}-confirm`}>
          {confirm?.kind === 'tab'
            ? translate('admin.bq.deleteTabTitle', { name: confirm.name })
            : translate('admin.bq.deleteTitle', { title: confirm?.kind === 'row' ? confirm.title : '' })}
        </DialogTitle>
        <DialogContent>
          <Typography>
            {confirm?.kind === 'tab'
              ? translate('admin.bq.deleteTabEffect')
              : translate('admin.bq.deleteEffect', { count: confirm?.kind === 'row' ? confirm.count : 0 })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setConfirm(null)} data-testid="bq-confirm-cancel">
            {translate('admin.confirm.goBack')}
          </Button>
          <Button variant="contained" color="error" onClick={confirmDelete} data-testid="bq-confirm-delete">
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
