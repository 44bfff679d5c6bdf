// The query board of a tender (§2.6 "Tender queries"), for both sides. A seller asks and reads
// the answered questions (its own marked as its own; who else asked is never shown) and its own still
// open; the buyer reads every question with who asked, and answers each once (the answer goes to every
// invitee). Refusals are shown with their translated code.
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, LinearProgress, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { formatDateTime } from '../format.js';
import { loadFailureOf, type LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { answer as sendAnswer, ask as sendQuestion, board as loadBoard, PAGE, type Board, type BoardQuery } from './exchange-api.js';
import { AttachmentsSection } from './AttachmentsSection.js';
import { listQueryFiles, queryFiles, type AttachedFile } from './attachments-api.js';

/**
 * A question's files: the asker's on its question (the buyer and the asker see them; the asker changes them
 * until the answer), the buyer's on its answer (every invitee sees them; the buyer adds them once answered).
 */
function QueryFiles({ tenderId, query, side, open }: { tenderId: string; query: BoardQuery; side: 'buyer' | 'seller'; open: boolean }) {
  const translate = useTranslate();
  const [files, setFiles] = useState<{ question: AttachedFile[]; answer: AttachedFile[] }>({ question: [], answer: [] });
  const questionPlace = queryFiles(tenderId, query.queryId, 'question');
  const answerPlace = queryFiles(tenderId, query.queryId, 'answer');
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const load = useCallback(() => {
    listQueryFiles(queryFiles(tenderId, query.queryId, 'question')).then(
      (listed) => {
        setFiles(listed);
        setFailure(null);
      },
      (error: unknown) => setFailure(loadFailureOf(error)),
    );
  }, [tenderId, query.queryId]);
  useEffect(load, [load, query.answered]);
  const askerMayChange = side === 'seller' && query.own === true && !query.answered && open;
  const buyerMayChange = side === 'buyer' && query.answered && open;
  // One call lists both sides' files: its failure is said once, in their place.
  if (failure)
    return (
      <LoadFailed
        what={translate('admin.loadFailed.what.files')}
        failure={failure}
        onRetry={load}
        testId="query-files-failed"
        sx={{ mt: 1 }}
      />
    );
  return (
    <>
      {(files.question.length > 0 || askerMayChange) && (
        <AttachmentsSection
          title={translate('tendering.files.questionTitle')}
          place={questionPlace}
          files={files.question}
          canChange={askerMayChange}
          onChanged={load}
          testId="question-attachments"
          heading="h4"
        />
      )}
      {query.answered && (files.answer.length > 0 || buyerMayChange) && (
        <AttachmentsSection
          title={translate('tendering.files.answerTitle')}
          place={answerPlace}
          files={files.answer}
          canChange={buyerMayChange}
          onChanged={load}
          testId="answer-attachments"
          heading="h4"
        />
      )}
    </>
  );
}

const MAX_TEXT = 4000;

function AnswerForm({ tenderId, query, onDone }: { tenderId: string; query: BoardQuery; onDone: () => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    sendAnswer(tenderId, query.queryId, text.trim())
      .then(
        () => {
          setText('');
          setError(null);
          onDone();
        },
        (e: unknown) => setError(errorCodeOf(e)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ mt: 1 }}
    >
      <TextField
        label={translate('admin.tenderExchange.queries.answerLabel')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        fullWidth
        multiline
        minRows={2}
        size="small"
        slotProps={{ htmlInput: { maxLength: MAX_TEXT, 'data-testid': 'answer-text' } }}
        helperText={error ? translate(`error.${error}`) : translate('admin.tenderExchange.queries.answerHelp')}
        error={error !== null}
      />
      <Button type="submit" variant="contained" size="small" sx={{ mt: 1 }} disabled={busy || text.trim() === ''} data-testid="answer-send">
        {translate('admin.tenderExchange.queries.answer')}
      </Button>
    </Box>
  );
}

export function QueriesBoard({ tenderId, side, open }: { tenderId: string; side: 'buyer' | 'seller'; open: boolean }) {
  const translate = useTranslate();
  const [reply, setReply] = useState<Board | null>(null);
  const [from, setFrom] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const [askError, setAskError] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const load = useCallback(() => {
    loadBoard(tenderId, from).then(
      (r) => {
        setReply(r);
        setFailed(null);
      },
      (e: unknown) => setFailed(errorCodeOf(e)),
    );
  }, [tenderId, from]);
  useEffect(load, [load]);

  const submitQuestion = () => {
    sendQuestion(tenderId, question.trim()).then(
      () => {
        setQuestion('');
        setAskError(null);
        setAsked(true);
        load();
      },
      (e: unknown) => setAskError(errorCodeOf(e)),
    );
  };

  if (failed) return <Alert severity="error">{translate(`error.${failed}`)}</Alert>;
  if (!reply) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Box data-testid="queries-board" data-side={side}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('admin.tenderExchange.queries.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(side === 'buyer' ? 'admin.tenderExchange.queries.buyerHelp' : 'admin.tenderExchange.queries.sellerHelp')}
      </Typography>
      {side === 'seller' && open && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            submitQuestion();
          }}
          sx={{ mb: 3 }}
        >
          <TextField
            label={translate('admin.tenderExchange.queries.askLabel')}
            value={question}
            onChange={(e) => {
              setQuestion(e.target.value);
              setAsked(false);
            }}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MAX_TEXT, 'data-testid': 'question-text' } }}
            error={askError !== null}
            helperText={askError ? translate(`error.${askError}`) : translate('admin.tenderExchange.queries.askHelp')}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={question.trim() === ''} data-testid="question-send">
            {translate('admin.tenderExchange.queries.ask')}
          </Button>
          {asked && (
            <Alert severity="success" sx={{ mt: 1 }} role="status">
              {translate('admin.tenderExchange.queries.asked')}
            </Alert>
          )}
        </Box>
      )}
      {reply.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-queries">
          {translate('admin.tenderExchange.queries.none')}
        </Typography>
      ) : (
        <List aria-label={translate('admin.tenderExchange.queries.title')} disablePadding>
          {reply.data.map((q, index) => (
            <ListItem
              key={q.queryId}
              divider
              data-testid="query"
              data-answered={q.answered}
              data-own={q.own ?? ''}
              sx={{ display: 'block', px: 0 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }} useFlexGap>
                <Typography component="h3" variant="subtitle2">
                  {translate('admin.tenderExchange.queries.number', { n: reply.from + index + 1 })}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={q.answered ? 'success' : 'default'}
                  label={translate(q.answered ? 'admin.tenderExchange.queries.answered' : 'admin.tenderExchange.queries.open')}
                />
                {q.own && (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={translate('admin.tenderExchange.queries.own')}
                    data-testid="query-own"
                  />
                )}
                <Typography variant="body2" color="text.secondary">
                  {side === 'buyer' && q.sellerName
                    ? translate('admin.tenderExchange.queries.askedBy', {
                        name: q.askedByName ?? '-',
                        company: q.sellerName,
                        at: formatDateTime(q.askedAt),
                      })
                    : formatDateTime(q.askedAt)}
                </Typography>
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.question}</Typography>
              {q.answered ? (
                <Box sx={{ mt: 1, pl: 2, borderLeft: 3, borderColor: 'success.main' }}>
                  <Typography variant="body2" color="text.secondary">
                    {translate('admin.tenderExchange.queries.answerOf', { at: formatDateTime(q.answeredAt) })}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="query-answer">
                    {q.answer}
                  </Typography>
                </Box>
              ) : side === 'buyer' && open ? (
                <AnswerForm tenderId={tenderId} query={q} onDone={load} />
              ) : null}
              <QueryFiles tenderId={tenderId} query={q} side={side} open={open} />
            </ListItem>
          ))}
        </List>
      )}
      {(from > 0 || reply.hasMore) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button disabled={from === 0} onClick={() => setFrom(Math.max(0, from - PAGE))}>
            {translate('ra.navigation.previous')}
          </Button>
          <Button disabled={!reply.hasMore} onClick={() => setFrom(from + PAGE)}>
            {translate('ra.navigation.next')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
