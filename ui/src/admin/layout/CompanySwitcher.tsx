// Switching company from the app bar (signed-in-area.md §2.1): the user's companies in a menu; choosing
// one starts the new company's session and goes where §2.3 says.
import { useState, type MouseEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CompanyListItem } from '@binaan/contracts';
import { Box, Button, ListItemText, Menu, MenuItem } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useSession } from '../../shared/session/session-store.js';
import { chooseCompany, listCompanies } from '../company/choose-company.js';
import { errorCodeOf } from '../providers/admin-request.js';

export function CompanySwitcher() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [companies, setCompanies] = useState<CompanyListItem[]>([]);

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    listCompanies().then(setCompanies, (error: unknown) => notify(`error.${errorCodeOf(error)}`, { type: 'error' }));
  };
  const choose = async (company: CompanyListItem) => {
    setAnchor(null);
    try {
      navigate(await chooseCompany(company.companyProfileId));
      refresh();
      notify('admin.company.switched', { type: 'success', messageArgs: { name: company.company_name } });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  return (
    <>
      <Button color="inherit" startIcon={<SwapHorizIcon />} onClick={open} data-testid="company-switcher" sx={{ textTransform: 'none' }}>
        {/* One line, cut short on a phone (the whole name stays the button's name): wrapped, it made the app bar four lines high. */}
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: { xs: 110, sm: 320 } }}>
          {session?.selectedCompanyName ?? translate('admin.company.selectTitle')}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {companies.map((company) => (
          <MenuItem key={company.companyProfileId} selected={company.companyProfileId === session?.selectedCompany} onClick={() => void choose(company)}>
            <ListItemText primary={company.company_name} secondary={translate(`admin.company.status.${company.status}`, { _: String(company.status) })} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
