// The events organizer: the company's events (create, images, publish), and per event the door
// (check-in / check-out scanner with camera and manual entry, the live inside count), registrations and
// certificates (issue, approve, revoke). Calls: apps/api/src/certificates/README.md.
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import {
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { AttendanceReply, OrganizerEvent } from '@binaan/contracts';
import { formatDate } from '../format.js';
import { parseDmy } from '../inputs/date-text.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { CappedNote } from '../CappedNote.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useLoaded } from '../layout/use-loaded.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { ParticipantsCard } from './ParticipantsCard.js';
import { ScannerCard } from './ScannerCard.js';
import { useOnline } from './offline/use-online.js';

const loadEvents = () => adminJson<{ data: OrganizerEvent[]; total: number }>('/api/article/organizer-list');

function EventsList() {
  const translate = useTranslate();
  const notify = useNotify();
  const list = useLoaded(loadEvents);
  const events = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const reload = list.reload;
  const [draft, setDraft] = useState({ title: '', location: '', date: '', description: '', images: '', minimum: '' });
  const create = async () => {
    try {
      await adminJson('/api/article', {
        body: {
          title: draft.title,
          location: draft.location,
          date: parseDmy(draft.date),
          description: draft.description,
          otherImage: draft.images.split(/\s+/).filter(Boolean),
          ...(draft.minimum ? { minimum_minutes: Number(draft.minimum) } : {}),
        },
      });
      notify('admin.events.created', { type: 'success' });
      setDraft({ title: '', location: '', date: '', description: '', images: '', minimum: '' });
      reload();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  const publish = async (id: string) => {
    try {
      await adminJson(`/api/article/${encodeURIComponent(id)}/publish`, { method: 'POST' });
      notify('admin.events.published', { type: 'success' });
      reload();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  const dateOk = typeof parseDmy(draft.date) === 'string';
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="events-page">
      <Title title={translate('admin.menu.events')} />
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('admin.events.create')}
          </Typography>
          <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap>
            <TextField size="small" label={translate('admin.events.title')} value={draft.title} onChange={set('title')} required />
            <TextField size="small" label={translate('admin.events.location')} value={draft.location} onChange={set('location')} required />
            {/* Typed DD/MM/YYYY (a browser's date input shows its own locale's order). */}
            <TextField
              size="small"
              label={translate('admin.events.date')}
              value={draft.date}
              onChange={set('date')}
              placeholder={translate('admin.inputs.dateFormat')}
              required
              error={draft.date.trim() !== '' && !dateOk}
              helperText={draft.date.trim() !== '' && !dateOk ? translate('admin.inputs.notADate') : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="number"
              label={translate('admin.events.minimumMinutes')}
              value={draft.minimum}
              onChange={set('minimum')}
            />
            <TextField
              size="small"
              fullWidth
              label={translate('admin.events.description')}
              value={draft.description}
              onChange={set('description')}
            />
            <TextField
              size="small"
              fullWidth
              label={translate('admin.events.images')}
              helperText={translate('admin.events.imagesHelp')}
              value={draft.images}
              onChange={set('images')}
            />
          </Stack>
          <Button sx={{ mt: 1 }} variant="contained" disabled={!draft.title || !draft.location || !dateOk} onClick={() => void create()}>
            {translate('ra.action.create')}
          </Button>
        </CardContent>
      </Card>
      {list.failure && (
        <LoadFailed what={translate('admin.loadFailed.what.events')} failure={list.failure} onRetry={reload} testId="events-failed" />
      )}
      {!list.failure && (
        <Card>
          <ScrollRegion label={translate('admin.menu.events')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.events.title')}</TableCell>
                  <TableCell>{translate('admin.events.date')}</TableCell>
                  <TableCell>{translate('admin.events.registrations')}</TableCell>
                  <TableCell>{translate('admin.events.inside')}</TableCell>
                  <TableCell>{translate('admin.events.certificates')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((e) => (
                  <TableRow key={e.id} data-testid="event-row" data-title={e.title}>
                    <TableCell>
                      <Link to={`/organizer/events/${e.id}`}>{e.title}</Link>
                    </TableCell>
                    <TableCell>{formatDate(e.date)}</TableCell>
                    <TableCell>{e.registrations}</TableCell>
                    <TableCell>{e.inside}</TableCell>
                    <TableCell>{e.certificates}</TableCell>
                    <TableCell>
                      {e.published ? (
                        <Chip size="small" color="success" label={translate('admin.events.isPublished')} />
                      ) : (
                        <Button size="small" onClick={() => void publish(e.id)}>
                          {translate('admin.events.publish')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          <CappedNote shown={events.length} total={total} />
        </Card>
      )}
    </Stack>
  );
}

function EventDoor() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const loaded = useLoaded(useCallback(() => adminJson<AttendanceReply>(`/api/article/${encodeURIComponent(id)}/attendance`), [id]));
  const attendance = loaded.data ?? null;
  const reload = loaded.reload;
  const online = useOnline();
  // Asked again every 5 s while the door is open and the device online; a failed ask is said above the last
  // counts known. Offline, the scanner goes on with what it keeps and says so itself: nothing is asked.
  useEffect(() => {
    if (!online) return;
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [reload, online]);
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="event-door">
      <Title title={translate('admin.events.door')} />
      {loaded.failure && online && (
        <LoadFailed
          what={translate('admin.loadFailed.what.attendance')}
          failure={loaded.failure}
          onRetry={reload}
          testId="attendance-failed"
        />
      )}
      <Card>
        <CardContent>
          <Stack direction="row" spacing={4}>
            <Typography variant="h4" data-testid="inside-count">
              {attendance?.inside ?? '-'}
            </Typography>
            <Typography sx={{ alignSelf: 'center' }}>
              {translate('admin.events.insideNow')} · {translate('admin.events.registered')}: {attendance?.registered ?? '-'} ·{' '}
              {translate('admin.events.checkedIn')}: {attendance?.checked_in ?? '-'} · {translate('admin.events.checkedOut')}:{' '}
              {attendance?.checked_out ?? '-'}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <ScannerCard articleId={id} onScanned={reload} />
      {/* Failed before any answer: no list rather than an empty one (the failure is said above). */}
      {(attendance !== null || !loaded.failure) && (
        <ParticipantsCard
          participants={attendance?.participants ?? []}
          registered={attendance?.registered ?? 0}
          articleId={id}
          onChanged={reload}
        />
      )}
    </Stack>
  );
}

export function EventsRoutes() {
  return (
    <Routes>
      <Route index element={<EventsList />} />
      <Route path=":id" element={<EventDoor />} />
    </Routes>
  );
}
