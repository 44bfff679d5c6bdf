// Picks one of the company's members (GET /api/company/members): shown by name, with e-mail and roles, so
// an administrator never types a user id.
import { useTranslate } from 'react-admin';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { CompanyMember } from '@binaan/contracts';
import { failureText, type LoadFailure } from '../layout/load-failure.js';
import { matchMembers } from './member-filter.js';

/**
 * `help`: what the list holds, under the field while nobody is picked (the company's members unless said).
 * `failure`: the members could not be loaded; the field and its empty list say so (the page shows the way out).
 */
export function MemberPicker({
  members,
  value,
  onChange,
  testId,
  help,
  label,
  failure = null,
  onSearch,
}: {
  members: CompanyMember[];
  value: string;
  onChange: (id: string) => void;
  testId: string;
  help?: string;
  /** The field's label ("User" unless said: "Delegate to", "Escalate to"). */
  label?: string;
  failure?: LoadFailure | null;
  /** Called with what the user types, for a list larger than one page: the caller fetches the matches. */
  onSearch?: (text: string) => void;
}) {
  const translate = useTranslate();
  const selected = members.find((m) => m.id === value) ?? null;
  const failed = failure ? translate('admin.loadFailed.title', { what: translate('admin.loadFailed.what.members') }) : null;
  return (
    <Autocomplete
      size="small"
      options={members}
      value={selected}
      sx={{ minWidth: 300 }}
      getOptionLabel={(m) => m.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, { inputValue }) => matchMembers(options, inputValue)}
      onChange={(_e, member) => onChange(member?.id ?? '')}
      onInputChange={(_e, text, reason) => reason === 'input' && onSearch?.(text)}
      noOptionsText={
        failure ? failureText(translate, translate('admin.loadFailed.what.members'), failure) : translate('admin.authority.noMember')
      }
      renderOption={({ key, ...props }, m) => (
        <Box component="li" key={key} {...props} data-testid="member-option">
          <Box>
            <Typography variant="body2">{m.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {m.email}
              {m.roles.length > 0 ? ` · ${m.roles.join(', ')}` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? translate('admin.authority.user')}
          error={failed !== null}
          helperText={failed ?? (selected ? selected.email : (help ?? translate('admin.authority.userHelp')))}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-user` } }}
        />
      )}
    />
  );
}
