// The title of a document's page (the app bar's, and so the browser tab's: WCAG 2.4.2 "Page Titled"): the
// kind and what the page is, so a document's page, its edit form and a new one are not all called "Tenders".
// Rendered by react-admin's Show, Create or Edit inside their record context.
import { useRecordContext, useTranslate } from 'react-admin';
import { resourceLabel } from '../catalogue/labels.js';

export function DocumentPageTitle({ resource, page }: { resource: string; page: 'show' | 'create' | 'edit' }) {
  const translate = useTranslate();
  const record = useRecordContext<{ id: string; documentNo?: string | null }>();
  const kind = resourceLabel(translate, resource);
  if (page === 'create') return <span>{translate('admin.documents.pageCreate', { kind })}</span>;
  const number = record?.documentNo ?? '';
  if (!number) return <span>{kind}</span>;
  return <span>{translate(page === 'edit' ? 'admin.documents.pageEdit' : 'admin.documents.pageShow', { kind, number })}</span>;
}
