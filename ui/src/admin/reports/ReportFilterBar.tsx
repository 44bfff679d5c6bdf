// The report's filters: the window's first and last day (DD/MM/YYYY, as every date field of the area), the
// project and the counterparty for a company's report, and "As of" (empty: now), a past time to redraw the
// report as it stood then. Applied with "Show" (a form, so Enter applies too); the window's rule is checked
// here first, its message the api's own (error.<code>). The fields sit side by side (react-admin's theme makes
// every field full width: fullWidth={false}), one to a line on a phone.
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, MenuItem, TextField } from '@mui/material';
import type { ReportName } from '@binaan/contracts';
import { useProjectsLoaded } from '../documents/use-projects.js';
import { parseDmy, parseDmyTime, showDmy } from '../inputs/date-text.js';
import { CounterpartyPicker } from './CounterpartyPicker.js';
import { maxRangeDays, queryRefusal, type ReportQuery } from './report-query.js';

type Props = { report: ReportName; query: ReportQuery; onApply: (query: ReportQuery) => void };

const FIELD = { minWidth: { xs: '100%', sm: 170 } } as const;

function ProjectPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const translate = useTranslate();
  const projects = useProjectsLoaded().data ?? [];
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={translate('reports.filters.project')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      sx={{ minWidth: { xs: '100%', sm: 220 } }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-project' } as object } }}
    >
      <MenuItem value="">{translate('reports.filters.allProjects')}</MenuItem>
      {projects.map((p) => (
        <MenuItem key={p.id} value={p.id}>{`${p.code} · ${p.name}`}</MenuItem>
      ))}
    </TextField>
  );
}

export function ReportFilterBar({ report, query, onApply }: Props) {
  const translate = useTranslate();
  const [from, setFrom] = useState(showDmy(query.from, false));
  const [to, setTo] = useState(showDmy(query.to, false));
  const [asOf, setAsOf] = useState(showDmy(query.asOf, true));
  const [projectId, setProjectId] = useState(query.projectId);
  const [counterpartyId, setCounterpartyId] = useState(query.counterpartyId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const company = report === 'buyer' || report === 'seller' || report === 'developer';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromDay = parseDmy(from);
    const toDay = parseDmy(to);
    const asOfTime = parseDmyTime(asOf);
    if (!fromDay || !toDay || asOfTime === undefined) {
      setRefusal(asOfTime === undefined ? 'reports.filters.notADateTime' : 'reports.filters.notADate');
      return;
    }
    const next = { from: fromDay, to: toDay, projectId, counterpartyId, asOf: asOfTime };
    const code = queryRefusal(report, next);
    if (code) {
      setRefusal(`error.${code}`);
      return;
    }
    setRefusal(null);
    onApply(next);
  };

  const dateField = (name: string, value: string, set: (v: string) => void, withTime = false) => (
    <TextField
      fullWidth={false}
      size="small"
      label={translate(`reports.filters.${name}`)}
      value={value}
      onChange={(e) => set(e.target.value)}
      placeholder={translate(withTime ? 'admin.inputs.dateTimeFormat' : 'admin.inputs.dateFormat')}
      helperText={withTime ? translate('reports.filters.asOfHelp') : translate('admin.inputs.dateFormat')}
      sx={withTime ? { minWidth: { xs: '100%', sm: 250 } } : FIELD}
      slotProps={{ htmlInput: { 'data-testid': `report-${name}` } }}
    />
  );

  return (
    <Box
      component="form"
      onSubmit={submit}
      className="report-no-print"
      aria-label={translate('reports.filters.title')}
      data-testid="report-filters"
      sx={{ mb: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        {dateField('from', from, setFrom)}
        {dateField('to', to, setTo)}
        {company && <ProjectPicker value={projectId} onChange={setProjectId} />}
        {company && <CounterpartyPicker value={counterpartyId} onChange={setCounterpartyId} />}
        {dateField('asOf', asOf, setAsOf, true)}
        <Button type="submit" variant="contained" sx={{ mt: 0.25 }} data-testid="report-apply">
          {translate('reports.filters.apply')}
        </Button>
      </Box>
      <Box sx={{ mt: 0.5, color: 'text.secondary', typography: 'body2' }}>
        {translate('reports.filters.rangeRule', { days: maxRangeDays(report) })}
      </Box>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="report-refusal">
          {translate(refusal, { days: maxRangeDays(report) })}
        </Alert>
      )}
    </Box>
  );
}
