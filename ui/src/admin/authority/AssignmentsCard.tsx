// Workflow assignments: who holds which level on which process, for the company or for one project (the
// project's own assignments override the company's for its documents). Assign and remove are audited.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DocumentResources, type AuthorityLevel, type CompanyMember, type WorkflowAssignmentGroup } from '@binaan/contracts';
import { resourceLabel } from '../catalogue/labels.js';
import type { LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { LEVELS } from './authority-api.js';
import { MemberPicker } from './MemberPicker.js';

/** `usersFailure`: the company's members could not be loaded (names then show as ids, and the picker is empty). */
export function AssignmentsCard({
  title,
  groups,
  users,
  usersFailure = null,
  canEdit,
  onAssign,
  testId,
  pickerHelp,
}: {
  title: string;
  groups: WorkflowAssignmentGroup[];
  users: CompanyMember[];
  usersFailure?: { failure: LoadFailure; retry: () => void } | null;
  canEdit: boolean;
  testId: string;
  pickerHelp?: string;
  onAssign: (body: { code: string; user_id: string; workflow_level: AuthorityLevel }, remove: boolean) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [code, setCode] = useState('purchaseOrder');
  const [user, setUser] = useState('');
  const [level, setLevel] = useState<AuthorityLevel>(20);
  const [busy, setBusy] = useState(false);
  const nameOf = (id: string) => users.find((u) => u.id === id)?.name ?? id;
  const levelLabel = (l: number) => translate(`admin.levels.${l}`, { _: String(l) });
  const run = async (body: { code: string; user_id: string; workflow_level: AuthorityLevel }, remove: boolean) => {
    setBusy(true);
    try {
      await onAssign(body, remove);
      notify(remove ? 'admin.authority.unassigned' : 'admin.authority.assigned', { type: 'success' });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {groups
          .filter((g) => g.assignments.length > 0)
          .map((g) => (
            <Stack key={g.code} direction="row" spacing={1} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ width: 180 }}>{resourceLabel(translate, g.code, false)}</Typography>
              {g.assignments.map((a) => (
                <Chip
                  key={`${a.user_id}-${a.workflow_level}`}
                  label={`${nameOf(a.user_id)} · ${levelLabel(a.workflow_level)}`}
                  {...(canEdit
                    ? { onDelete: () => void run({ code: g.code, user_id: a.user_id, workflow_level: a.workflow_level }, true) }
                    : {})}
                />
              ))}
            </Stack>
          ))}
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <TextField
              select
              size="small"
              label={translate('admin.authority.process')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              sx={{ minWidth: 180 }}
            >
              {DocumentResources.map((r) => (
                <MenuItem key={r} value={r}>
                  {resourceLabel(translate, r, false)}
                </MenuItem>
              ))}
            </TextField>
            <MemberPicker
              members={users}
              value={user}
              onChange={setUser}
              testId={testId}
              help={pickerHelp}
              failure={usersFailure?.failure ?? null}
            />
            <TextField
              select
              size="small"
              label={translate('admin.authority.level')}
              value={level}
              onChange={(e) => setLevel(Number(e.target.value) as AuthorityLevel)}
              sx={{ minWidth: 160 }}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-level` } }}
            >
              {LEVELS.map((l) => (
                <MenuItem key={l} value={l}>
                  {levelLabel(l)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={busy || !user}
              onClick={() => void run({ code, user_id: user, workflow_level: level }, false)}
              data-testid={`${testId}-assign`}
            >
              {translate('admin.authority.assign')}
            </Button>
          </Stack>
        )}
        {usersFailure && (
          <LoadFailed
            what={translate('admin.loadFailed.what.members')}
            failure={usersFailure.failure}
            onRetry={usersFailure.retry}
            testId={`${testId}-members-failed`}
            sx={{ mt: 1 }}
          />
        )}
      </CardContent>
    </Card>
  );
}
