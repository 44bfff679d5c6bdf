// The seller's quotation on a received tender: the tender's items (never the buyer's own rates), a rate per
// item with the include box for a rate of 0 (§5.3), the line amounts and total as the seller types, submit
// and revise (If-Match the quotation's revision: a 409 brings the page up to date). The server's time and a
// countdown to the close run on the server's clock; from the close on the form is read-only (the api refuses
// anything later, on its own clock, whatever this page shows).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { StatusChip } from '../documents/StatusChip.js';
import { formatDateTime, formatMoney } from '../format.js';
import { useLoaded } from '../layout/use-loaded.js';
import { errorCodeOf, isConflict } from '../providers/admin-request.js';
import { CloseCountdown } from './CloseCountdown.js';
import { QuotationLines } from './QuotationLines.js';
import { clockOffset, countdown, lineProblem, quotationTotals, startingLines, toQuoteLines, type RateLine } from './quotation-form.js';
import { sellerTender, submitQuotation, type SellerTender } from './tendering-api.js';
import { getSession } from '../../shared/session/session-store.js';
import { AttachmentsSection } from './AttachmentsSection.js';
import { listQuotationFiles, quotationFiles } from './attachments-api.js';

/** The seller's own files on its quotation (its company is the session's chosen one). */
function useOwnFiles(tenderId: string) {
  const sellerCompanyId = getSession()?.selectedCompany ?? '';
  const place = useMemo(() => quotationFiles(tenderId, sellerCompanyId), [tenderId, sellerCompanyId]);
  const files = useLoaded(useCallback(() => listQuotationFiles(place), [place]));
  return {
    place,
    files: files.data ?? [],
    failure: files.failure ? { failure: files.failure, retry: files.reload } : null,
    load: files.reload,
  };
}

function useSellerTender(tenderId: string) {
  const [tender, setTender] = useState<(SellerTender & { offset: number }) | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(
    () =>
      sellerTender(tenderId).then(
        (t) => {
          setTender({ ...t, offset: clockOffset(t.serverTime, Date.now()) });
          setFailed(null);
          return t;
        },
        (error: unknown) => {
          setFailed(errorCodeOf(error));
          return null;
        },
      ),
    [tenderId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { tender, failed, load };
}

/** The browser's time, once a second, for the countdown (the offset turns it into the server's). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function QuotationPage() {
  const { tenderId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { tender, failed, load } = useSellerTender(tenderId);
  const own = useOwnFiles(tenderId);
  const [lines, setLines] = useState<RateLine[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const now = useNow();
  // The form starts again from what the server holds whenever a read brings a new quotation revision.
  const revision = tender?.quotation?.revision ?? null;
  useEffect(() => {
    if (tender) setLines(startingLines(tender));
  }, [tender?.id, revision]); // eslint-disable-line react-hooks/exhaustive-deps
  const totals = useMemo(() => quotationTotals(lines), [lines]);

  if (failed)
    return (
      <Alert severity="error" sx={{ mt: 2 }} data-testid="quotation-failed">
        {translate(`error.${failed}`)}
      </Alert>
    );
  if (!tender) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const left = countdown(tender.closeAt, now, tender.offset);
  const serverNow = now + tender.offset;
  const notOpenYet = tender.openAt !== null && Date.parse(tender.openAt) > serverNow;
  const open = tender.status === 'active' && !notOpenYet && !(left?.closed ?? false);
  const problems = new Map(lines.map((l) => [l.lineNo, lineProblem(l)]));

  const send = async () => {
    setTried(true);
    if ([...problems.values()].some((p) => p !== null)) return;
    setBusy(true);
    try {
      const reply = await submitQuotation(tender.id, toQuoteLines(lines), revision);
      notify(reply.status === 'submitted' ? 'tendering.quote.submitted' : 'tendering.quote.revised', {
        type: 'success',
        messageArgs: { total: formatMoney(reply.total) },
      });
      setTried(false);
      await load();
    } catch (error) {
      // Someone of the company sent first (or the close came): the page shows what the server holds now.
      notify(
        isConflict(error) && errorCodeOf(error) === 'wrongExpectedRevision' ? 'tendering.quote.conflict' : `error.${errorCodeOf(error)}`,
        { type: 'error' },
      );
      if (isConflict(error)) await load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="quotation-page" data-open={open}>
      <Title title={translate('tendering.quote.title', { documentNo: tender.documentNo })} />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Button component={RouterLink} to="/tendering/received" size="small">
            {translate('tendering.received.back')}
          </Button>
          {/* The board (questions to the buyer, addenda): before this link a seller reached it only from a notification. */}
          <Button
            component={RouterLink}
            to={`/tendering/received/${encodeURIComponent(tender.id)}/board`}
            size="small"
            data-testid="open-board"
          >
            {translate('tendering.quote.board')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h5" component="h1">
            {tender.documentNo} · {tender.title}
          </Typography>
          <StatusChip resource="tender" status={tender.status} wrap />
        </Box>
        {/* Time left only while the tender takes bids: a closed or cancelled one has none, whatever its close time says. */}
        <CloseCountdown tender={tender} left={tender.status === 'active' ? left : null} serverNow={serverNow} />
        {notOpenYet && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="not-open-yet">
            {translate('tendering.quote.notOpenYet', { at: formatDateTime(tender.openAt) })}
          </Alert>
        )}
        {!open && !notOpenYet && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="quotation-closed">
            {translate('tendering.quote.closed')}
          </Alert>
        )}
        {tender.quotation && (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="own-quotation" data-revision={tender.quotation.revision}>
            {translate('tendering.quote.yours', {
              at: formatDateTime(tender.quotation.revisedAt),
              revision: tender.quotation.revision,
              total: formatMoney(tender.quotation.total),
            })}
          </Typography>
        )}
        <QuotationLines
          items={tender.items}
          lines={lines}
          amounts={totals.amounts}
          problems={tried ? problems : new Map()}
          readOnly={!open}
          onChange={setLines}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="quotation-total" aria-live="polite">
            {translate('tendering.fields.total')}: {formatMoney(totals.total)}
          </Typography>
          {open && (
            <Button variant="contained" disabled={busy} onClick={() => void send()} data-testid="quotation-submit">
              {translate(tender.quotation ? 'tendering.quote.revise' : 'tendering.quote.submit')}
            </Button>
          )}
        </Box>
        <AttachmentsSection
          title={translate('tendering.files.quotationTitle')}
          place={own.place}
          files={own.files}
          failure={own.failure}
          canChange={open}
          onChanged={own.load}
          testId="quotation-attachments"
        />
      </CardContent>
    </Card>
  );
}
