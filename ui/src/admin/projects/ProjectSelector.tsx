// The project the user works in, in the app bar (§3 selectedProject per developer / demand / supply): a
// menu of the user's projects by kind, and "All projects". Choosing one is kept on the server
// (project-selection.ts); document lists then show that project's documents and create forms prefill it.
import { useState, type MouseEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CheckIcon from '@mui/icons-material/Check';
import RefreshIcon from '@mui/icons-material/Refresh';
import { ProjectSelectionKinds, ProjectTypeOfSelection } from '@binaan/contracts';
import { statusLabel } from '../catalogue/labels.js';
import { useProjectsLoaded } from '../documents/use-projects.js';
import { failureReason, lacksAccess } from '../layout/load-failure.js';
import { PHONE_HIDDEN } from '../layout/phone-hidden.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { activeProject, clearActiveProject, selectProject, useProjectSelection } from './project-selection.js';

export function ProjectSelector() {
  const translate = useTranslate();
  const notify = useNotify();
  const selection = useProjectSelection();
  const loaded = useProjectsLoaded();
  const projects = loaded.data ?? [];
  const failure = loaded.failure;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = activeProject(selection);

  const pick = async (work: () => Promise<unknown> | null, name: string | null) => {
    setAnchor(null);
    try {
      await work();
      notify(name ? 'admin.projects.selector.workingIn' : 'admin.projects.selector.workingInAll', { type: 'info', messageArgs: { name } });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  const items = ProjectSelectionKinds.flatMap((kind) =>
    projects.filter((p) => p.projectType === ProjectTypeOfSelection[kind]).map((p) => ({ kind, project: p })),
  );
  return (
    <>
      <Button
        color="inherit"
        startIcon={<ApartmentIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'project-selector-menu' : undefined}
        data-testid="project-selector"
        data-active={active?.id ?? ''}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          maxWidth: { xs: 48, sm: 200, md: 300 },
          flexShrink: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        {/* On a phone the bar has room for the icon only: the name stays in the button's accessible name (visually hidden), never cut. */}
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', ...PHONE_HIDDEN }}>
          {active ? active.name : translate('admin.projects.selector.all')}
        </Box>
      </Button>
      <Menu
        id="project-selector-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 480, maxWidth: 360 } } }}
      >
        <MenuItem
          role="menuitemradio"
          aria-checked={active === null}
          selected={active === null}
          onClick={() => void pick(() => clearActiveProject(), null)}
          data-testid="project-selector-all"
        >
          <ListItemIcon>{active === null && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText primary={translate('admin.projects.selector.all')} secondary={translate('admin.projects.selector.allHelp')} />
        </MenuItem>
        <Divider component="li" />
        {/* A menu holds only items: the failure is a disabled item (read, not chosen), "Try again" a live one. */}
        {failure && (
          <MenuItem disabled data-testid="project-selector-failed" sx={{ whiteSpace: 'normal', '&.Mui-disabled': { opacity: 1 } }}>
            <ListItemText
              primary={translate('admin.loadFailed.title', { what: translate('admin.loadFailed.what.projects') })}
              secondary={[failureReason(translate, failure), lacksAccess(failure) ? translate('admin.loadFailed.askAdministrator') : '']
                .filter(Boolean)
                .join(' ')}
              slotProps={{ primary: { color: 'error' } }}
            />
          </MenuItem>
        )}
        {failure && (
          <MenuItem onClick={loaded.reload} data-testid="project-selector-retry">
            <ListItemIcon>
              <RefreshIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={translate('admin.loadFailed.tryAgain')} />
          </MenuItem>
        )}
        {!failure && loaded.data !== undefined && items.length === 0 && (
          <MenuItem disabled>{translate('admin.projects.selector.none')}</MenuItem>
        )}
        {items.map(({ kind, project }) => {
          const checked = active?.id === project.id;
          return (
            <MenuItem
              key={project.id}
              role="menuitemradio"
              aria-checked={checked}
              selected={checked}
              onClick={() => void pick(() => selectProject(kind, project.id), project.name)}
              data-testid={`project-selector-${project.code}`}
            >
              <ListItemIcon>{checked && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={project.name}
                secondary={`${translate(`admin.projects.kinds.${kind}`)} · ${project.code} · ${statusLabel(translate, 'project', project.status)}`}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
