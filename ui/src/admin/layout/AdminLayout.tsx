// The signed-in frame: app bar (title, the project the user works in, notifications bell, company switcher, language, user menu) and the menu built from the
// modules the user may use (access/modules.ts) and the document kinds of the catalogue.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Menu, Sidebar, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';
import { Box, Divider, GlobalStyles, ListSubheader, useMediaQuery, type Theme } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import EventIcon from '@mui/icons-material/Event';
import BusinessIcon from '@mui/icons-material/Business';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import DomainVerificationIcon from '@mui/icons-material/DomainVerification';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import CampaignIcon from '@mui/icons-material/Campaign';
import GavelIcon from '@mui/icons-material/Gavel';
import ConstructionIcon from '@mui/icons-material/Construction';
import DescriptionIcon from '@mui/icons-material/Description';
import ApartmentIcon from '@mui/icons-material/Apartment';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import BarChartIcon from '@mui/icons-material/BarChart';
import { useAccess } from '../access/access-context.js';
import { canUse, MODULES, type ModuleDef } from '../access/modules.js';
import { viewRight, type DocumentEntry } from '../catalogue/catalogue.js';
import { resourceLabel } from '../catalogue/labels.js';
import PeopleIcon from '@mui/icons-material/People';
import { CONTRACTOR_ICONS } from '../contractor/contractor-icons.js';
import { NotificationBell } from '../notifications/NotificationBell.js';
import { ProjectSelector } from '../projects/ProjectSelector.js';
import { CompanySwitcher } from './CompanySwitcher.js';
import { AccountMenu } from './AccountMenu.js';
import { AppBarTitle } from './AppBarTitle.js';
import { LanguageMenu } from './LanguageMenu.js';
import { LazySubscriptionReminder, useDueStanding } from '../subscriptions/standing.js';
import { useSession } from '../../shared/session/session-store.js';

const ICONS: Record<string, ReactNode> = {
  article: <HomeIcon />,
  myApprovals: <FactCheckIcon />,
  audit: <VerifiedUserIcon />,
  events: <EventIcon />,
  companyProfile: <BusinessIcon />,
  addCompany: <AddBusinessIcon />,
  companyRegistrations: <DomainVerificationIcon />,
  emailLog: <MarkEmailReadIcon />,
  inquiries: <ContactMailIcon />,
  advertisements: <CampaignIcon />,
  authority: <GavelIcon />,
  // The gavel again: the first load's icon budget (first-load.spec.ts), and lending authority is authority.
  delegations: <GavelIcon />,
  users: <PeopleIcon />,
  // Icons the first load has already (the budget of test/browser/admin/first-load.spec.ts): a shield for rights,
  // the contractor menu's person search for the platform's accounts.
  userRoles: <VerifiedUserIcon />,
  platformUsers: CONTRACTOR_ICONS['tradeAndService.search-contractor'],
  receivedTenders: <RequestQuoteIcon />,
  subscription: <RequestQuoteIcon />,
  platformConfiguration: <VerifiedUserIcon />,
  coupons: <RequestQuoteIcon />,
  subscriptionsAdmin: <RequestQuoteIcon />,
  billingAdmin: <RequestQuoteIcon />,
  manualPayments: <RequestQuoteIcon />,
  approvedTenderers: <RequestQuoteIcon />,
  vendorAppraisals: <FactCheckIcon />,
  reportsBuyer: <BarChartIcon />,
  reportsSeller: <BarChartIcon />,
  reportsDeveloper: <BarChartIcon />,
  platformReport: <BarChartIcon />,
  loginActivity: <BarChartIcon />,
  projectsDeveloper: <ApartmentIcon />,
  projectsDemand: <ApartmentIcon />,
  projectsSupply: <ApartmentIcon />,
  ...CONTRACTOR_ICONS,
};

/**
 * The app bar keeps one line on a phone: its buttons never wrap (the language button's 简体中文 broke into four
 * lines, the company's name too). It names the page there too: the company's name gives way first (down to
 * its icon, the name whole in its title), then the page's name is cut with an ellipsis. On a phone the
 * language is its short form and the refresh button is left out (the browser reloads the page), so the
 * page's name has room; the icon buttons are 36 px there (24 px is the least a target may be).
 */
function AdminAppBar() {
  return (
    <AppBar
      color="primary"
      userMenu={<AccountMenu />}
      toolbar={
        <>
          <LanguageMenu />
          <LoadingIndicator sx={{ display: { xs: 'none', sm: 'block' } }} />
        </>
      }
      // The company's shrink factor dwarfs the page name's (1), so the company's name gives way wholly (to its
      // icon) before the page's name loses a pixel: flex shares what does not fit by factor times width.
      sx={{
        '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
        '& [data-testid="company-switcher"]': { flexShrink: 100000 },
        '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } },
      }}
    >
      <AppBarTitle />
      <ProjectSelector />
      <NotificationBell />
      <CompanySwitcher />
    </AppBar>
  );
}

function ModuleItems({ modules }: { modules: readonly ModuleDef[] }) {
  const translate = useTranslate();
  return (
    <>
      {modules.map((m) => (
        <Menu.Item key={m.key} to={m.path} primaryText={translate(`admin.menu.${m.key}`)} leftIcon={ICONS[m.key] ?? <ConstructionIcon />} />
      ))}
    </>
  );
}

/**
 * A titled group of the menu. The menu is an ARIA menu (react-admin's MenuList), whose children may only be
 * menu items and groups: a heading sitting among the items is announced as nothing (axe:
 * aria-required-children, listitem), so each heading names a group that holds its items.
 */
function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <ListSubheader component="div" id={id} sx={{ lineHeight: '32px' }}>
        {title}
      </ListSubheader>
      {children}
    </Box>
  );
}

export function AdminMenu({ documents }: { documents: readonly DocumentEntry[] }) {
  const translate = useTranslate();
  const access = useAccess();
  const usable = MODULES.filter((m) => canUse(m, access));
  const of = (group: ModuleDef['group']) => usable.filter((m) => m.group === group);
  // Contractors get the contractor menu (§2.4) in place of the document kinds.
  const kinds = access.contractor ? [] : documents.filter((entry) => canUse({ rights: [viewRight(entry.resource)] }, access));
  return (
    // An entry longer than the menu is wide ("Projek permintaan (pemilik)") wraps to a second line rather than
    // being cut; folded to its icons the menu keeps one line per entry.
    <Menu sx={{ '&.RaMenu-open .RaMenuItemLink-root .MuiTypography-noWrap': { whiteSpace: 'normal' } }}>
      <ModuleItems modules={of('main')} />
      {of('projects').length > 0 && (
        <MenuGroup title={translate('admin.menu.projects')}>
          <ModuleItems modules={of('projects')} />
        </MenuGroup>
      )}
      {kinds.length > 0 && (
        <MenuGroup title={translate('admin.menu.documents')}>
          {kinds.map((entry) => (
            <Menu.Item
              key={entry.resource}
              to={`/${entry.resource}`}
              primaryText={resourceLabel(translate, entry.resource)}
              leftIcon={<DescriptionIcon />}
            />
          ))}
        </MenuGroup>
      )}
      {of('reports').length > 0 && (
        <MenuGroup title={translate('admin.menu.reports')}>
          <ModuleItems modules={of('reports')} />
        </MenuGroup>
      )}
      {of('contractor').length > 0 && (
        <MenuGroup title={translate('admin.menu.contractor')}>
          <ModuleItems modules={of('contractor')} />
        </MenuGroup>
      )}
      <Divider component="div" role="separator" />
      <ModuleItems modules={of('administration')} />
      {of('platformAdmin').length > 0 && (
        <MenuGroup title={translate('admin.menu.platformAdmin')}>
          <ModuleItems modules={of('platformAdmin')} />
        </MenuGroup>
      )}
    </Menu>
  );
}

/**
 * The menu follows the screen across the phone breakpoint. react-admin draws it as a modal drawer below 600 px
 * and keeps one open state for both: a desktop window narrowed (or a tablet turned) with the menu open drew the
 * modal drawer open for a moment, and MUI's modal left the page behind it hidden from screen readers
 * (aria-hidden on the app's root) after it closed, so nothing on the page could be reached by role. Narrowed,
 * the drawer is never drawn open (the state closes after the render that crossed); widened again, the menu is
 * as it was on the desktop.
 */
function AdminSidebar(props: SidebarProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const wasPhone = useRef(phone);
  const desktopOpen = useRef(phone ? true : open);
  const justNarrowed = phone && !wasPhone.current;
  useEffect(() => {
    if (phone === wasPhone.current) return;
    wasPhone.current = phone;
    if (phone) {
      desktopOpen.current = open;
      setOpen(false);
    } else {
      setOpen(desktopOpen.current);
    }
  }, [phone, open, setOpen]);
  // react-admin's Sidebar spreads its props over the drawer's after its own `open`, so this one wins.
  return <Sidebar {...props} {...(justNarrowed ? { open: false } : {})} />;
}

export function makeLayout(documents: readonly DocumentEntry[]) {
  return function AdminLayout({ children }: { children: ReactNode }) {
    const due = useDueStanding(useSession()?.selectedCompany);
    return (
      <Layout appBar={AdminAppBar} sidebar={AdminSidebar} menu={() => <AdminMenu documents={documents} />}>
        {/* WCAG 2.4.11 Focus Not Obscured: the page scrolls a focused control clear of the fixed app bar (56 px
            high on a phone, 64 px from 600 px), not under it. */}
        <GlobalStyles styles={(theme) => ({ html: { scrollPaddingTop: 64, [theme.breakpoints.up('sm')]: { scrollPaddingTop: 72 } } })} />
        {due && <LazySubscriptionReminder standing={due} />}
        {children}
      </Layout>
    );
  };
}
