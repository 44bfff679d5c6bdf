// The platform administrator's configuration (signed-in-area.md §2.5 admin module "configuration", §9): the
// platform's figures and each package's price and caps, with who changed each last, when and why; a change
// asks for the new value and a reason. Everyone signed in may read these (the api's rule); only this page,
// in the Admin menu, changes them.
import { useCallback, useEffect, useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime } from '../../shared/i18n/dates.js';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { basisPointsOf, rateText, senOf, senText, storageText } from './sen.js';
import { changeSetting, settingHistory, settings as loadSettings, type Setting, type SettingChange } from './subscriptions-api.js';

/** The setting's value as read: RM, percent, a count or a size; null is unlimited. */
export function valueText(setting: Pick<Setting, 'kind'>, value: number | null, unlimited: string): string {
  if (value === null) return unlimited;
  if (setting.kind === 'money') return senText(value);
  if (setting.kind === 'rate') return rateText(value);
  if (setting.kind === 'gigabytes') return storageText(value);
  return value.toLocaleString('en-MY');
}

/** What the person typed, in the api's unit (sen, basis points, whole number); undefined when it does not read. */
function parsed(kind: Setting['kind'], text: string): number | undefined {
  const value =
    kind === 'money' ? senOf(text) : kind === 'rate' ? basisPointsOf(text) : /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : null;
  return value === null ? undefined : value;
}

function inputText(setting: Setting): string {
  if (setting.value === null) return '';
  if (setting.kind === 'money') return (setting.value / 100).toFixed(2);
  if (setting.kind === 'rate') return String(setting.value / 100);
  return String(setting.value);
}

function ChangeDialog({ setting, label, onClose }: { setting: Setting | null; label: string; onClose: (changed: boolean) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.configuration.${key}`, options);
  const titleId = useId();
  const [text, setText] = useState('');
  const [unlimited, setUnlimited] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<SettingChange[] | null>(null);
  useEffect(() => {
    if (!setting) return;
    setText(inputText(setting));
    setUnlimited(setting.value === null);
    setReason('');
    setError(null);
    setHistory(null);
    void settingHistory(setting.key).then(
      (page) => setHistory(page.items),
      () => setHistory([]),
    );
  }, [setting]);
  if (!setting) return null;
  const value = unlimited ? null : parsed(setting.kind, text);
  const save = async () => {
    if (value === undefined) return;
    setBusy(true);
    setError(null);
    try {
      await changeSetting(setting.key, value, reason.trim());
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError && e.fields.value ? `fields.${e.fields.value[0] ?? 'invalid'}` : `error:${errorCodeOf(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const errorText = error?.startsWith('error:')
    ? translate(`error.${error.slice(6)}`, { _: translate('error.unknownError') })
    : error
      ? t(error)
      : null;
  const unit = t(`units.${setting.kind}`);
  return (
    <Dialog
      open
      onClose={() => !busy && onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="configuration-dialog"
    >
      <DialogTitle id={titleId}>{t('changeTitle', { name: label })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('now', {
            value: valueText(setting, setting.value, t('unlimited')),
            default: valueText(setting, setting.defaultValue, t('unlimited')),
          })}
        </Typography>
        {setting.unlimitedAllowed && (
          <FormControlLabel
            control={
              <Checkbox
                checked={unlimited}
                onChange={(e) => setUnlimited(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'configuration-unlimited' } as object }}
              />
            }
            label={t('unlimited')}
          />
        )}
        {!unlimited &&
          (setting.allowedValues ? (
            <TextField
              select
              fullWidth
              margin="dense"
              label={t('newValue', { unit })}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'configuration-value' } }}
            >
              {setting.allowedValues.map((allowed) => (
                <MenuItem key={allowed} value={String(allowed)}>
                  {storageText(allowed)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('newValue', { unit })}
              value={text}
              onChange={(e) => setText(e.target.value)}
              inputMode="decimal"
              error={text !== '' && value === undefined}
              helperText={text !== '' && value === undefined ? t(`fields.format.${setting.kind}`) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'configuration-value', inputMode: 'decimal' } }}
            />
          ))}
        <TextField
          fullWidth
          margin="dense"
          required
          label={t('reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'configuration-reason' } }}
        />
        {errorText && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText}
          </Alert>
        )}
        <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
          {t('history')}
        </Typography>
        {history === null && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {history?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('neverChanged')}
          </Typography>
        )}
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {history?.map((change) => (
            <Typography component="li" variant="body2" key={change.changedAt + change.reason}>
              {t('changeLine', {
                at: formatDateTime(change.changedAt),
                name: change.changedBy ?? '-',
                from: valueText(setting, change.previous, t('unlimited')),
                to: valueText(setting, change.value, t('unlimited')),
                reason: change.reason,
              })}
            </Typography>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || value === undefined || reason.trim() === ''}
          data-testid="configuration-save"
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A setting's name: the platform's own, or the package figure's. */
export function useSettingLabel() {
  const translate = useTranslate();
  return (setting: Pick<Setting, 'key' | 'group'>) => {
    if (setting.group === 'platform') return translate(`subscriptions.configuration.settings.${setting.key}`);
    return translate(`subscriptions.configuration.figures.${setting.key.split('.').pop() ?? ''}`);
  };
}

export function packageName(translate: (key: string) => string, packageId: string): string {
  const [type = '', tier = ''] = packageId.split('-');
  return `${translate(`subscriptions.types.${type}`)} · ${translate(`subscriptions.tiers.${tier}`)}`;
}

export function ConfigurationPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.configuration.${key}`, options);
  const labelOf = useSettingLabel();
  const [all, setAll] = useState<Setting[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState<Setting | null>(null);
  const load = useCallback(async () => {
    try {
      setAll((await loadSettings()).settings);
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const groups = [...new Set(all?.map((s) => s.group) ?? [])];
  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="configuration-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                {t('tryAgain')}
              </Button>
            }
          >
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
        {!all && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {groups.map((group) => (
          <Box component="section" key={group} aria-labelledby={`configuration-${group}`} sx={{ mb: 3 }}>
            <Typography component="h2" variant="h6" id={`configuration-${group}`} sx={{ mb: 1 }}>
              {group === 'platform' ? t('groups.platform') : packageName(translate, group)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {all!
                .filter((s) => s.group === group)
                .map((setting) => (
                  <Card variant="outlined" component="li" key={setting.key} data-testid="configuration-setting" data-key={setting.key}>
                    <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, '&:last-child': { pb: 2 } }}>
                      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }}>{labelOf(setting)}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {setting.changedAt
                            ? t('lastChange', {
                                at: formatDateTime(setting.changedAt),
                                name: setting.changedBy ?? '-',
                                reason: setting.reason ?? '',
                              })
                            : t('atDefault')}
                        </Typography>
                      </Box>
                      <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="configuration-value-shown">
                        {valueText(setting, setting.value, t('unlimited'))}
                      </Typography>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => setEditing(setting)}
                        aria-label={t('changeNamed', {
                          name: `${labelOf(setting)} (${group === 'platform' ? t('groups.platform') : packageName(translate, group)})`,
                        })}
                      >
                        {t('change')}
                      </Button>
                    </CardContent>
                  </Card>
                ))}
            </Box>
          </Box>
        ))}
      </CardContent>
      <ChangeDialog
        setting={editing}
        label={editing ? labelOf(editing) : ''}
        onClose={(changed) => {
          setEditing(null);
          if (changed) {
            notify('subscriptions.configuration.changed', { type: 'success' });
            void load();
          }
        }}
      />
    </Card>
  );
}
