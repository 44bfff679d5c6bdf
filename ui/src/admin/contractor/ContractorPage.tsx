// One page of the contractor menu (§2.4), by its module key (contractor-pages.ts): a document list (with its
// printable form under <path>/<id> where it makes one), the budget, or the company search.
import { useTranslate } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { Typography } from '@mui/material';
import { moduleByKey } from '../access/modules.js';
import { BudgetPage } from './BudgetPage.js';
import { ContractorDocumentList } from './ContractorDocumentList.js';
import { CONTRACTOR_PAGES } from './contractor-pages.js';
import { PrintView } from './PrintView.js';
import { SearchContractorPage } from './SearchContractorPage.js';

export function ContractorPage({ moduleKey }: { moduleKey: string }) {
  const translate = useTranslate();
  const page = CONTRACTOR_PAGES[moduleKey];
  const basePath = moduleByKey(moduleKey).path;
  if (!page) throw new Error(`no contractor page ${moduleKey}`);
  if (page.kind === 'budget') return <BudgetPage pageKey={moduleKey} />;
  if (page.kind === 'search') return <SearchContractorPage pageKey={moduleKey} />;
  return (
    <Routes>
      <Route
        index
        element={
          // Keyed by page: two pages of one kind (received tenders, quotation generator) keep no list state of the other's.
          <div key={moduleKey} data-testid={`contractor-${moduleKey.split('.')[1]}`}>
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {translate(`contractor.intro.${moduleKey}`)}
            </Typography>
            <ContractorDocumentList page={page} pageKey={moduleKey} basePath={basePath} />
          </div>
        }
      />
      {page.print && <Route path=":id" element={<PrintView page={page} kind={page.print} pageKey={moduleKey} basePath={basePath} />} />}
    </Routes>
  );
}
