// The user menu of the app bar. react-admin's button shows the user's name but is labelled "Profile", so a
// speech-input user saying what they see ("click Kumar") misses it (WCAG 2.5.3, axe label-content-name-mismatch):
// here the label is the name shown. Without a name (still loading) it stays react-admin's "Profile".
// The area has no profile page: "Download my data" (GET /api/personal-data/mine) sits here,
// above "Sign out", for every signed-in person.
import { forwardRef } from 'react';
import { Logout, UserMenu, useGetIdentity, useNotify, useTranslate, useUserMenu } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { errorCodeOf } from '../providers/admin-request.js';
import { downloadPersonalData } from '../users/download-personal-data.js';

export function AccountMenu() {
  const { identity } = useGetIdentity();
  const name = identity?.fullName?.trim();
  return (
    <UserMenu {...(name ? { label: name } : {})}>
      <DownloadMyData />
      <Logout />
    </UserMenu>
  );
}

const DownloadMyData = forwardRef<HTMLLIElement>(function DownloadMyData(props, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const menu = useUserMenu();
  const download = async () => {
    menu?.onClose();
    try {
      await downloadPersonalData('mine');
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  return (
    <MenuItem ref={ref} {...props} onClick={() => void download()} data-testid="download-my-data">
      <ListItemIcon>
        <DownloadIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('admin.account.downloadMyData')}</ListItemText>
    </MenuItem>
  );
});
