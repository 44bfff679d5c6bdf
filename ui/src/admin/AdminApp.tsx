// PLACEHOLDER until the signed-in react-admin area lands (replaced by its engineer). The router in
// ui/src/main.tsx lazy-loads this default export for every path that is not a public route; it owns all
// signed-in routes (/article, /administration/*, /cidb-administration/*, ...) and renders the shared
// catch-all page for paths it does not know.

import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shared/pages/NotFoundPage.js';

export default function AdminApp() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
