// The bell in the app bar (signed-in-area.md §4.7): the unread count, live; a flag when a new notification
// came; the list in a popover, 5 at a time with "load more" while a page came back full; each item opens
// its link target (§2.6). Unread items (not yet seen when the count was cleared) are bold.
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import type { NotificationEvent } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { useAccess } from '../access/access-context.js';
import { canUse, moduleByKey } from '../access/modules.js';
import { adminJson } from '../providers/admin-request.js';
import { formatDateTime } from '../format.js';
import { isUnread } from './bell-rules.js';
import { movedOnFacts, notificationTitle, notificationWhat, parseEventData } from './notification-text.js';
import { useBell } from './use-bell.js';

function NotificationItem({
  event,
  onOpen,
  company,
}: {
  event: NotificationEvent;
  onOpen: (event: NotificationEvent) => void;
  company: string | null;
}) {
  const translate = useTranslate();
  const data = parseEventData(event.event_data);
  const now = movedOnFacts(event);
  const facts = { module: event.module, src: event.src, data, now };
  const unread = isUnread(event);
  const details = [
    notificationWhat(translate, facts),
    data.actor_name ? translate('admin.notifications.by', { name: data.actor_name }) : null,
    // Which company it concerns, when that is not the one chosen (opening it switches company).
    data.recipient_company_name && data.recipient_company_id !== company
      ? translate('admin.notifications.forCompany', { company: data.recipient_company_name })
      : null,
    formatDateTime(event.creation_date),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    // In a list item: a list holds items only (axe's "list" rule found the buttons straight in the list).
    <ListItem disablePadding divider>
      <ListItemButton
        onClick={() => onOpen(event)}
        data-testid="notification-item"
        data-id={event.id}
        data-src-id={event.src_id}
        data-unread={unread}
        data-moved-on={now ? 'true' : 'false'}
      >
        <ListItemText
          primary={notificationTitle(translate, facts)}
          secondary={details}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: unread ? 700 : 400 } }, secondary: { variant: 'body2' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

export function NotificationBell() {
  const translate = useTranslate();
  const { state, loading, live, open, loadMore, follow } = useBell();
  const company = useSession()?.selectedCompany ?? null;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = state.count ?? 0;

  // What waits for the user's decision, counted by the queue itself (GET /api/my-approvals' total), so the
  // bell and My approvals always say the same number. Read when the list opens.
  const decides = canUse(moduleByKey('myApprovals'), useAccess());
  const [waiting, setWaiting] = useState<number | null>(null);
  const show = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    void open();
    if (decides)
      adminJson<{ total: number }>(`/api/my-approvals?range=${encodeURIComponent('[0,0]')}`).then(
        (r) => setWaiting(r.total),
        () => setWaiting(null),
      );
  };
  const choose = (event: NotificationEvent) => {
    setAnchor(null);
    void follow(event);
  };
  const label = translate('admin.notifications.bellLabel', { count });
  return (
    <>
      {/* Says the count when it changes (a push, a refresh, opening the list), for screen readers (WCAG 4.1.3); the new
          notification itself is announced by its toast (an alert). */}
      <span className="sr-only" role="status" data-testid="notification-count-status">
        {label}
      </span>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={show}
          aria-label={label}
          data-testid="notification-bell"
          data-count={count}
          data-flagged={state.flagged}
          data-live={live}
        >
          <Badge badgeContent={count} color="error" max={99} invisible={count <= 0} data-testid="notification-count">
            {state.flagged ? <NotificationsActiveIcon /> : <NotificationsIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: '70vh' } } }}
      >
        <Box data-testid="notification-list">
          <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
            {translate('admin.notifications.title')}
          </Typography>
          {decides && waiting !== null && waiting > 0 && (
            <Typography sx={{ px: 2, pb: 1 }}>
              <Link
                component={RouterLink}
                to="/my-approvals"
                onClick={() => setAnchor(null)}
                data-testid="bell-waiting"
                data-total={waiting}
              >
                {translate('admin.notifications.waiting', { count: waiting })}
              </Link>
            </Typography>
          )}
          <List disablePadding>
            {state.list.events.map((event) => (
              <NotificationItem key={event.id} event={event} onOpen={choose} company={company} />
            ))}
          </List>
          {!loading && state.list.events.length === 0 && (
            <Typography sx={{ px: 2, py: 2 }} color="text.secondary" data-testid="notification-empty">
              {translate('admin.notifications.empty')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            {loading ? (
              <CircularProgress size={24} aria-label={translate('admin.notifications.loading')} />
            ) : (
              state.list.more && (
                <Button onClick={() => void loadMore()} data-testid="notification-load-more">
                  {translate('admin.notifications.loadMore')}
                </Button>
              )
            )}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
