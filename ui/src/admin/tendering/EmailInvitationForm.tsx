// The buyer invites a company not on the platform: its name and e-mail address. The api sends the e-mail
// with a sign-up link; once that company is on the platform and takes the invitation up, it appears among
// the invitees like any other.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, TextField, Typography } from '@mui/material';
import { errorCodeOf } from '../providers/admin-request.js';
import { sendEmailInvitation } from './tenderers-api.js';

export function EmailInvitationForm({ tenderId }: { tenderId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await sendEmailInvitation(tenderId, name, email);
      notify('tendering.emailInvitation.sent', { type: 'success', messageArgs: { email } });
      setName('');
      setEmail('');
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => void send(e)}
      sx={{ mb: 2 }}
      data-testid="email-invitation"
      aria-labelledby="email-invitation-title"
    >
      <Typography variant="subtitle1" component="h3" id="email-invitation-title">
        {translate('tendering.emailInvitation.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('tendering.emailInvitation.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          required
          size="small"
          sx={{ flex: '1 1 220px' }}
          label={translate('tendering.emailInvitation.companyName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'email-invitation-name' } }}
        />
        <TextField
          required
          size="small"
          type="email"
          sx={{ flex: '1 1 220px' }}
          label={translate('tendering.emailInvitation.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'email-invitation-email' } }}
        />
        <Button type="submit" variant="outlined" disabled={busy || !name.trim() || !email.trim()} data-testid="email-invitation-send">
          {translate('tendering.emailInvitation.send')}
        </Button>
      </Box>
    </Box>
  );
}
