// The company's conversations (the latest first, each with the user's unread count) and the one chosen
// (?viewid=<conversation>): its messages newest at the bottom, older ones on "Show older", a box to write.
// A message pushed on the user channel (conversation-live.ts) reloads the list and, when it is the open
// conversation's, its newest page; an open conversation is marked read as its messages arrive.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Chip,
  Button,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ConversationMessage, ConversationRow } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { showErased } from '../../shared/i18n/erased.js';
import { conversations, markRead, messages, sendMessage } from './business-network-api.js';
import { useConversationMessages, type ConversationMessagePush } from './conversation-live.js';

export function ConversationsView() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const open = params.get('viewid');
  const [rows, setRows] = useState<ConversationRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let current = true;
    conversations(0).then(
      (page) => {
        if (current) {
          setRows(page.rows);
          setFailed(null);
        }
      },
      (error: unknown) => current && setFailed(errorCodeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [reload, open]);
  const [pushed, setPushed] = useState<ConversationMessagePush | null>(null);
  const heard = useCallback((push: ConversationMessagePush) => {
    setPushed(push);
    setReload((n) => n + 1);
  }, []);
  useConversationMessages(heard);

  const label = translate('network.tabs.conversations');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Box sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!failed && !rows && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows && rows.length === 0 && <Typography color="text.secondary">{translate('network.noConversations')}</Typography>}
        {rows && rows.length > 0 && (
          <List aria-label={label} dense>
            {rows.map((row) => (
              <ListItemButton
                key={row.id}
                selected={row.id === open}
                aria-current={row.id === open ? 'true' : undefined}
                onClick={() => setParams({ viewid: row.id })}
                data-testid="network-conversation"
                data-id={row.id}
              >
                <ListItemText
                  primary={row.otherCompanyName}
                  secondary={row.lastMessageAt ? formatDateTime(row.lastMessageAt) : translate('network.noMessages')}
                />
                {row.unread > 0 && (
                  <Chip
                    color="primary"
                    size="small"
                    label={row.unreadCapped ? '99+' : row.unread}
                    data-testid="network-unread"
                    aria-label={translate('network.unread', { count: row.unread })}
                  />
                )}
              </ListItemButton>
            ))}
          </List>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {open ? (
          <Conversation
            key={open}
            conversationId={open}
            name={rows?.find((r) => r.id === open)?.otherCompanyName ?? ''}
            pushed={pushed}
            onRead={() => setReload((n) => n + 1)}
          />
        ) : (
          <Typography color="text.secondary">{translate('network.chooseConversation')}</Typography>
        )}
      </Box>
    </Stack>
  );
}

function Conversation({
  conversationId,
  name,
  pushed,
  onRead,
}: {
  conversationId: string;
  name: string;
  pushed: ConversationMessagePush | null;
  onRead: () => void;
}) {
  const translate = useTranslate();
  const [items, setItems] = useState<ConversationMessage[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const latest = useRef<string | null>(null);

  // The newest page, merged with the older ones already shown.
  const loadNewest = useCallback(async () => {
    try {
      const page = await messages(conversationId, null);
      setItems((before) => {
        const seen = new Set(page.items.map((m) => m.id));
        const older = (before ?? []).filter(
          (m) => !seen.has(m.id) && Number(m.position) < Number(page.items[page.items.length - 1]?.position ?? 0),
        );
        return [...page.items, ...older];
      });
      setNext((before) => (latest.current === null ? page.next : before));
      const top = page.items[0]?.position ?? null;
      if (top !== latest.current) {
        latest.current = top;
        if (page.items.some((m) => !m.mine)) await markRead(conversationId).then(onRead, () => undefined);
      }
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, [conversationId, onRead]);

  useEffect(() => {
    void loadNewest();
  }, [loadNewest]);
  useEffect(() => {
    if (pushed && pushed.conversation_id === conversationId) void loadNewest();
  }, [pushed, conversationId, loadNewest]);

  const older = async () => {
    if (!next) return;
    try {
      const page = await messages(conversationId, next);
      setItems((before) => [...(before ?? []), ...page.items]);
      setNext(page.next);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  };
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await sendMessage(conversationId, text.trim());
      setText('');
      await loadNewest();
    } catch (error) {
      setFailed(errorCodeOf(error));
    } finally {
      setSending(false);
    }
  };
  const shown = [...(items ?? [])].reverse();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="network-thread">
      <Typography variant="h6" component="h2" gutterBottom>
        {name || translate('network.tabs.conversations')}
      </Typography>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate(`error.${failed}`, { _: translate('error.unknownError') })}
        </Alert>
      )}
      {!items && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {next && (
        <Button size="small" onClick={() => void older()} data-testid="network-older">
          {translate('network.older')}
        </Button>
      )}
      <Box
        component="ol"
        aria-live="polite"
        aria-label={translate('network.messages')}
        sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 420, overflowY: 'auto' }}
        tabIndex={0}
      >
        {items && items.length === 0 && (
          <Typography component="li" color="text.secondary">
            {translate('network.noMessages')}
          </Typography>
        )}
        {shown.map((m) => (
          <Box
            component="li"
            key={m.id}
            data-testid="network-message-item"
            sx={{
              my: 1,
              p: 1,
              borderRadius: 1,
              maxWidth: '85%',
              ml: m.mine ? 'auto' : 0,
              bgcolor: m.mine ? 'primary.50' : 'grey.100',
              border: 1,
              borderColor: m.mine ? 'primary.light' : 'grey.300',
              overflowWrap: 'anywhere',
            }}
          >
            <Typography variant="caption" component="p" color="text.secondary">
              {showErased(m.authorName ?? '')} · {formatDateTime(m.sentAt)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{showErased(m.text)}</Typography>
          </Box>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField
          fullWidth
          multiline
          maxRows={4}
          label={translate('network.write')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'network-write' } }}
        />
        <Button variant="contained" disabled={sending || !text.trim()} onClick={() => void send()} data-testid="network-send">
          {translate('network.send')}
        </Button>
      </Stack>
    </Paper>
  );
}
