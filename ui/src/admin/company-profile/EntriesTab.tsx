// A list of the profile (shareholders, directors, machinery, track record), a page at a time by name with a
// search and "more" (the api's keyset pages): for the company's administrators with add, change and remove
// (removing asks why); read-only for anyone else, and for another company's shared profile. The machinery
// list also opens its import from Excel (/administration/data-import/machinery) for those who may change it.
import { useCallback, useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { ProfileList } from '@binaan/contracts';
import { errorCodeOf } from '../providers/admin-request.js';
import { EntryDialog } from './EntryDialog.js';
import { addEntry, editEntry, entryPage, removeEntry, type AnyEntry } from './profile-api.js';
import { EMPTY_ENTRY, entryValues, LIST_FIELDS } from './profile-fields.js';

type Props = { list: ProfileList; companyId: string | null; editable: boolean; onChanged?: () => void };

export function EntriesTab({ list, companyId, editable, onChanged }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const removeTitle = useId();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<AnyEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState<AnyEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<AnyEntry | null>(null);
  const [reason, setReason] = useState('');
  const columns = LIST_FIELDS[list].filter((field) => field.inTable);
  const label = (name: string) =>
    translate(`admin.companyProfile.fields.${list}.${name}`, { _: translate(`admin.companyProfile.fields.${name}`) });

  const load = useCallback(
    async (after: string | null) => {
      try {
        const page = await entryPage(companyId, list, q, after);
        setRows((before) => (after ? [...before, ...(page.items as AnyEntry[])] : page.items));
        setNext(page.next);
        setLoaded(true);
      } catch (error) {
        notify(`error.${errorCodeOf(error)}`, { type: 'error' });
      }
    },
    [companyId, list, q, notify],
  );
  useEffect(() => {
    const timer = setTimeout(() => void load(null), 250);
    return () => clearTimeout(timer);
  }, [load]);

  const changed = async () => {
    setEditing(null);
    setRemoving(null);
    setReason('');
    notify('admin.companyProfile.saved', { type: 'success' });
    await load(null);
    onChanged?.();
  };
  const remove = async () => {
    if (!removing || reason.trim() === '') return;
    try {
      await removeEntry(list, removing.id, reason.trim());
      await changed();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  const cell = (entry: AnyEntry, name: string) => {
    const value = entry[name];
    if (name === 'status') return translate(`admin.companyProfile.trackStatus.${String(value)}`);
    if (name === 'contractSum' && typeof value === 'number') return value.toLocaleString(undefined, { minimumFractionDigits: 2 });
    return typeof value === 'string' || typeof value === 'number' ? (value === '' ? '-' : String(value)) : '-';
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid={`profile-list-${list}`}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('admin.companyProfile.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': `profile-search-${list}` } }}
        />
        {editable && (
          <Button variant="contained" onClick={() => setEditing('new')} data-testid={`profile-add-${list}`}>
            {translate(`admin.companyProfile.add.${list}`)}
          </Button>
        )}
        {editable && list === 'machinery' && companyId === null && (
          <Button
            variant="outlined"
            component={RouterLink}
            to="/administration/data-import/machinery"
            data-testid="profile-import-machinery"
          >
            {translate('admin.companyProfile.importMachinery')}
          </Button>
        )}
      </Box>
      {loaded && rows.length === 0 && <Typography color="text.secondary">{translate('admin.companyProfile.empty')}</Typography>}
      {rows.length > 0 && (
        // A phone scrolls the table itself sideways, never the page (the region takes the keyboard to do so).
        <TableContainer tabIndex={0} role="region" aria-label={translate(`admin.companyProfile.tabs.${list}`)}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((field) => (
                  <TableCell key={field.name}>{label(field.name)}</TableCell>
                ))}
                {editable && <TableCell>{translate('admin.companyProfile.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.id} data-testid="profile-entry">
                  {columns.map((field) => (
                    <TableCell key={field.name} sx={{ minWidth: 96 }}>
                      {cell(entry, field.name)}
                    </TableCell>
                  ))}
                  {editable && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => setEditing(entry)}
                        aria-label={`${translate('ra.action.edit')} ${cell(entry, columns[0]!.name)}`}
                      >
                        {translate('ra.action.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(entry)}
                        aria-label={`${translate('ra.action.remove')} ${cell(entry, columns[0]!.name)}`}
                      >
                        {translate('ra.action.remove')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {next && (
        <Button onClick={() => void load(next)} sx={{ alignSelf: 'flex-start' }} data-testid="profile-more">
          {translate('admin.companyProfile.more')}
        </Button>
      )}
      {editing && (
        <EntryDialog
          list={list}
          initial={editing === 'new' ? EMPTY_ENTRY[list] : entryValues(list, editing)}
          title={translate(editing === 'new' ? `admin.companyProfile.add.${list}` : 'admin.companyProfile.change')}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') await addEntry(list, body);
            else await editEntry(list, editing.id, body);
            await changed();
          }}
        />
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} maxWidth="sm" fullWidth aria-labelledby={removeTitle}>
        <DialogTitle id={removeTitle}>{translate('admin.companyProfile.removeTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('admin.companyProfile.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'profile-remove-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={reason.trim() === ''}
            onClick={() => void remove()}
            data-testid="profile-remove-confirm"
          >
            {translate('ra.action.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
