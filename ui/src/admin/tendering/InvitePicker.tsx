// The buyer picks sellers to invite: approved companies of its directory (GET /api/company/directory, by
// name or registration number) or of its approved list of tenderers (GET /api/tendering/tenderers), several
// at once, those already invited left out; one call invites them all. Each picked seller's shared profile opens
// in a dialog before the invitation goes.
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Autocomplete, Box, Button, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { CompanyDirectoryItem } from '@binaan/contracts';
import { failureText, loadFailureOf, type LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { SharedProfileDialog } from '../company-profile/SharedProfileDialog.js';
import { AppraisalSummaryNote } from '../vendor-management/AppraisalSummaryNote.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { invite } from './tendering-api.js';
import { tenderers } from './tenderers-api.js';

const directory = (q: string) =>
  adminJson<CompanyDirectoryItem[]>(
    `/api/company/directory?filter=${encodeURIComponent(JSON.stringify(q ? { q } : {}))}&range=${encodeURIComponent('[0,19]')}&sort=${encodeURIComponent('["name","ASC"]')}`,
  );

/** The approved list (first 100, the list a buyer keeps is short), filtered here by name or number. */
const approvedList = async (q: string): Promise<CompanyDirectoryItem[]> => {
  const { data } = await tenderers('approved', 0, 99);
  const needle = q.toLowerCase();
  return data
    .map((t) => ({ id: t.companyId, name: t.name ?? t.companyId, registrationNo: t.registrationNo ?? '' }) as CompanyDirectoryItem)
    .filter((c) => !needle || c.name.toLowerCase().includes(needle) || (c.registrationNo ?? '').toLowerCase().includes(needle));
};

export function InvitePicker({
  tenderId,
  invited,
  onInvited,
  onRefused,
}: {
  tenderId: string;
  invited: ReadonlySet<string>;
  onInvited: () => void;
  onRefused?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<CompanyDirectoryItem[]>([]);
  const [chosen, setChosen] = useState<CompanyDirectoryItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<'directory' | 'approved'>('directory');
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const [profileOf, setProfileOf] = useState<CompanyDirectoryItem | null>(null);
  // Bumped by "Try again": the same search, asked again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // A short pause, so typing a name asks once, not once per letter.
    const timer = setTimeout(() => {
      (source === 'approved' ? approvedList(text.trim()) : directory(text.trim())).then(
        (rows) => {
          if (current) {
            setOptions(rows.filter((c) => !invited.has(c.id)));
            setFailure(null);
          }
        },
        (error: unknown) => {
          if (current) {
            setOptions([]);
            setFailure(loadFailureOf(error));
          }
        },
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, invited, source, attempt]);
  const what = translate(source === 'approved' ? 'admin.loadFailed.what.approvedTenderers' : 'admin.loadFailed.what.companies');

  const send = async () => {
    setBusy(true);
    try {
      await invite(
        tenderId,
        chosen.map((c) => c.id),
      );
      notify('tendering.invitations.invited', { type: 'success', messageArgs: { n: chosen.length } });
      setChosen([]);
      onInvited();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
      onRefused?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={source}
        onChange={(_e, value: 'directory' | 'approved' | null) => {
          if (value) setSource(value);
        }}
        aria-label={translate('tendering.invitations.source')}
        sx={{ flex: '1 1 100%' }}
      >
        <ToggleButton value="directory" data-testid="invite-source-directory">
          {translate('tendering.invitations.fromDirectory')}
        </ToggleButton>
        <ToggleButton value="approved" data-testid="invite-source-approved">
          {translate('tendering.invitations.fromApproved')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Autocomplete
        multiple
        sx={{ flex: '1 1 280px', maxWidth: 640 }}
        options={options}
        value={chosen}
        filterOptions={(list) => list}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(c) => (c.registrationNo ? `${c.name} (${c.registrationNo})` : c.name)}
        onChange={(_e, value) => setChosen(value)}
        onInputChange={(_e, value, reason) => reason !== 'reset' && setText(value)}
        // What the company's own appraisals say of each (the directory answers it to vendor management readers).
        renderOption={({ key, ...props }, c) => (
          <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
            <span>{c.registrationNo ? `${c.name} (${c.registrationNo})` : c.name}</span>
            <AppraisalSummaryNote summary={c.appraisal} component="span" />
          </Box>
        )}
        noOptionsText={failure ? failureText(translate, what, failure) : translate('tendering.invitations.noCompany')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('tendering.invitations.pick')}
            error={failure !== null}
            helperText={
              failure
                ? translate('admin.loadFailed.title', { what })
                : translate(source === 'approved' ? 'tendering.invitations.pickApprovedHelp' : 'tendering.invitations.pickHelp')
            }
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'invite-picker' } }}
          />
        )}
      />
      <Button
        variant="contained"
        disabled={busy || chosen.length === 0}
        onClick={() => void send()}
        data-testid="invite-send"
        sx={{ mt: 1 }}
      >
        {translate('tendering.invitations.invite', { n: chosen.length })}
      </Button>
      {failure && (
        <LoadFailed
          what={what}
          failure={failure}
          onRetry={() => setAttempt((n) => n + 1)}
          testId="invite-picker-failed"
          sx={{ flex: '1 1 100%' }}
        />
      )}
      {chosen.length > 0 && (
        // Each picked seller's shared profile, read before inviting it.
        <Box sx={{ flex: '1 1 100%', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {chosen.map((company) => (
            <Box key={company.id} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Button size="small" variant="outlined" onClick={() => setProfileOf(company)} data-testid="invite-view-profile">
                {translate('admin.companyProfile.viewProfile', { name: company.name })}
              </Button>
              <AppraisalSummaryNote summary={company.appraisal} data-testid="invite-appraisal-summary" />
            </Box>
          ))}
        </Box>
      )}
      {profileOf && <SharedProfileDialog companyId={profileOf.id} name={profileOf.name} onClose={() => setProfileOf(null)} />}
    </Box>
  );
}
