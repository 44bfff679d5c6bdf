// The signed-in user's access in the chosen company, for menus and guards: rights from the session's bit
// set, approval and subscription from the chosen company.
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { canUse, moduleByKey, type AccessContext, type ModuleDef } from './modules.js';

const Access = createContext<AccessContext>({ rights: '', approved: false, admin: false, contractor: false });

export const AccessProvider = ({ value, children }: { value: AccessContext; children: ReactNode }) => (
  <Access.Provider value={value}>{children}</Access.Provider>
);

export function useAccess(): AccessContext {
  return useContext(Access);
}

export function useCanUse(
  module: string | Pick<ModuleDef, 'rights' | 'allowPending' | 'adminMayEnter' | 'contractorOnly' | 'adminOnly'>,
): boolean {
  const access = useAccess();
  return canUse(typeof module === 'string' ? moduleByKey(module) : module, access);
}

/** A page the user may not use, reached by its URL: says so, and offers the way home. */
export function NoAccessPage() {
  const translate = useTranslate();
  const access = useAccess();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }} data-testid="no-access">
      <Paper sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        <BlockIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('admin.noAccess.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate(access.approved ? 'admin.noAccess.body' : 'admin.noAccess.notApproved')}</Typography>
        <Button component={Link} to="/article" variant="contained">
          {translate('admin.noAccess.home')}
        </Button>
      </Paper>
    </Box>
  );
}

/** Renders the page only for those who may use the module. */
export function Guard({
  module,
  children,
}: {
  module: string | Pick<ModuleDef, 'rights' | 'allowPending' | 'adminMayEnter' | 'contractorOnly' | 'adminOnly'>;
  children: ReactNode;
}) {
  return useCanUse(module) ? <>{children}</> : <NoAccessPage />;
}
