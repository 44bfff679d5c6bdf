// The app bar's language choice (react-admin's LocalesMenuButton, made to fit a phone): on a desktop the
// language's name ("Bahasa Melayu") between its icons; on a phone its short form alone (EN, BM, 中文, as on the
// public pages' switch), with the name still read out and in the button's title, so the page's name keeps
// room beside it.
import { useState, type MouseEvent } from 'react';
import { useLocaleState } from 'react-admin';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ADMIN_LOCALES } from '../providers/i18n-provider.js';
import { PHONE_HIDDEN } from './phone-hidden.js';

export function LanguageMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [locale, setLocale] = useLocaleState();
  const current = ADMIN_LOCALES.find((language) => language.locale === locale) ?? ADMIN_LOCALES[0]!;
  const choose = (chosen: string) => {
    setAnchor(null);
    setLocale(chosen);
  };
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="true"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor !== null}
        title={current.name}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        data-testid="language-menu"
        sx={{ minWidth: 0, '& .MuiButton-startIcon, & .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } } }}
      >
        <Box component="span" lang={current.locale} sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {current.short}
        </Box>
        <Box component="span" lang={current.locale} sx={PHONE_HIDDEN}>
          {current.name}
        </Box>
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ADMIN_LOCALES.map((language) => (
          <MenuItem
            key={language.locale}
            lang={language.locale}
            selected={language.locale === current.locale}
            onClick={() => choose(language.locale)}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
