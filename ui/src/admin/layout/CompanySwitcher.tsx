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
  const name = session?.selectedCompanyName ?? translate('admin.company.selectTitle');

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
      {/* On a phone the name is cut with an ellipsis on one line, down to the icon alone where the page's name
          needs the room (its whole text stays the button's name and title), so the app bar keeps its height:
          wrapped over four lines it grew and covered the page's title. */}
      <Button
        color="inherit"
        startIcon={<SwapHorizIcon />}
        onClick={open}
        data-testid="company-switcher"
        title={name}
        sx={{ textTransform: 'none', minWidth: 40, maxWidth: { xs: 120, sm: 320, md: 'none' }, flexShrink: 1 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {companies.map((company) => (
          <MenuItem
            key={company.companyProfileId}
            selected={company.companyProfileId === session?.selectedCompany}
            onClick={() => void choose(company)}
          >
            <ListItemText
              primary={company.company_name}
              secondary={translate(`admin.company.status.${company.status}`, { _: String(company.status) })}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
