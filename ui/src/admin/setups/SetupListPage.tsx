// A company's setup items of one kind (signed-in-area.md §2.5, §3): profit parameters, project categories,
// project regions or questionnaires. Active or inactive ones, a page at a time, searched by name; whoever holds
// the kind's update right adds, edits, deactivates and reactivates (with a reason), and everyone who sees the
// list reads each item's history. Nothing is deleted (apps/api/src/company-setups/README.md).
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Tab, Tabs, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { hasAnyAccessRight, SetupRights, type SetupItemRow, type SetupKind, type SetupStatus } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { PeopleConfirmDialog, type ConfirmRequest } from '../people/PeopleConfirmDialog.js';
import { actOnSetupItem, listSetupItems, SETUP_PAGE, type SetupPage } from './setups-api.js';
import { SetupHistoryDialog } from './SetupHistoryDialog.js';
import { SetupItemDialog } from './SetupItemDialog.js';

function ItemCard({
  kind,
  item,
  canEdit,
  onEdit,
  onAct,
  onHistory,
}: {
  kind: SetupKind;
  item: SetupItemRow;
  canEdit: boolean;
  onEdit: () => void;
  onAct: () => void;
  onHistory: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.${key}`, options);
  return (
    <Card variant="outlined" component="li" data-testid="setup-row" data-name={item.name} data-status={item.status}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.name}
            </Typography>
            {item.status === 'inactive' && <Chip size="small" label={t('status.inactive')} />}
          </Box>
          {item.description && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {item.description}
            </Typography>
          )}
          {kind === 'questionnaire' && (
            <Typography variant="body2" color="text.secondary">
              {t(`questionnaireTypes.${item.type ?? 'vendorAppraisal'}`)} · {t('scoreRange', { min: item.minScore, max: item.maxScore })} ·{' '}
              {t('questionCount', { smart_count: item.questions?.length ?? 0, n: item.questions?.length ?? 0 })}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" onClick={onHistory} aria-label={t('historyOf', { name: item.name })} data-testid="setup-history">
            {t('history')}
          </Button>
          {canEdit && (
            <Button size="small" variant="outlined" onClick={onEdit} aria-label={t('editOf', { name: item.name })} data-testid="setup-edit">
              {t('edit')}
            </Button>
          )}
          {canEdit && (
            <Button
              size="small"
              variant="outlined"
              color={item.status === 'active' ? 'error' : 'primary'}
              onClick={onAct}
              data-testid={item.status === 'active' ? 'setup-deactivate' : 'setup-reactivate'}
              aria-label={t(item.status === 'active' ? 'deactivateOf' : 'reactivateOf', { name: item.name })}
            >
              {t(item.status === 'active' ? 'deactivate' : 'reactivate')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

export function SetupListPage({ kind }: { kind: SetupKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.${key}`, options);
  const canEdit = hasAnyAccessRight(session?.accessRights ?? '', SetupRights[kind].update);
  const [status, setStatus] = useState<SetupStatus>('active');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [items, setItems] = useState<SetupPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ item: SetupItemRow | null } | null>(null);
  const [history, setHistory] = useState<SetupItemRow | null>(null);
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const load = useCallback(async () => {
    try {
      setItems(await listSetupItems(kind, status, q.trim(), page));
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, [kind, status, q, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const askAct = (item: SetupItemRow) => {
    const action = item.status === 'active' ? 'Deactivate' : 'Reactivate';
    setConfirming({
      title: t(action === 'Deactivate' ? 'deactivateTitle' : 'reactivateTitle', { name: item.name }),
      subject: item.name,
      effect: t(action === 'Deactivate' ? 'deactivateEffect' : 'reactivateEffect'),
      confirmLabel: t(action === 'Deactivate' ? 'deactivate' : 'reactivate'),
      danger: action === 'Deactivate',
      remark: 'optional',
      run: async (reason) => {
        await actOnSetupItem(kind, item.id, action, reason);
        await load();
        notify(`setups.${action === 'Deactivate' ? 'deactivated' : 'reactivated'}`, { type: 'success', messageArgs: { name: item.name } });
      },
    });
  };

  const title = t(`kinds.${kind}.title`);
  const from = page * SETUP_PAGE;
  return (
    <Card sx={{ mt: 2 }} data-testid={`setups-page-${kind}`}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(`kinds.${kind}.intro`)}
        </Typography>
        {canEdit ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ mb: 2 }}
            onClick={() => setEditing({ item: null })}
            data-testid="setup-create"
          >
            {t(`kinds.${kind}.create`)}
          </Button>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="setups-read-only">
            {t('readOnly')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <Tabs
            value={status}
            onChange={(_e, value: SetupStatus) => {
              setStatus(value);
              setPage(0);
            }}
            aria-label={t('statusFilter')}
          >
            <Tab value="active" label={t('status.active')} data-testid="setups-tab-active" />
            <Tab value="inactive" label={t('status.inactive')} data-testid="setups-tab-inactive" />
          </Tabs>
          <TextField
            size="small"
            label={t('search')}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(0);
            }}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'setups-search' } }}
            sx={{ flex: '1 1 200px', maxWidth: 360 }}
          />
        </Box>
        {failed && (
          <Alert
            severity="error"
            data-testid="setups-failed"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                {t('tryAgain')}
              </Button>
            }
          >
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
        {!items && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {items && items.rows.length === 0 && (
          <Typography data-testid="setups-empty">{t(status === 'active' ? 'emptyActive' : 'emptyInactive')}</Typography>
        )}
        {items && items.rows.length > 0 && (
          <Box component="ul" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {items.rows.map((item) => (
              <ItemCard
                key={item.id}
                kind={kind}
                item={item}
                canEdit={canEdit}
                onEdit={() => setEditing({ item })}
                onAct={() => askAct(item)}
                onHistory={() => setHistory(item)}
              />
            ))}
          </Box>
        )}
        {items && items.rows.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
            <Typography variant="body2" data-testid="setups-range">
              {t(items.capped ? 'rangeCapped' : 'range', { from: from + 1, to: from + items.rows.length, total: items.total })}
            </Typography>
            <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </Button>
            <Button size="small" disabled={from + items.rows.length >= items.total && !items.capped} onClick={() => setPage(page + 1)}>
              {t('next')}
            </Button>
          </Box>
        )}
      </CardContent>
      <SetupItemDialog
        kind={kind}
        editing={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void load();
        }}
      />
      <SetupHistoryDialog kind={kind} item={history} onClose={() => setHistory(null)} />
      <PeopleConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </Card>
  );
}

export const ProfitParametersPage = () => <SetupListPage kind="profitParameter" />;
export const ProjectCategoriesPage = () => <SetupListPage kind="projectCategory" />;
export const ProjectRegionsPage = () => <SetupListPage kind="projectRegion" />;
export const QuestionnairesPage = () => <SetupListPage kind="questionnaire" />;
