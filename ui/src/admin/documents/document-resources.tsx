// The documents area generated from the catalogue: a react-admin <Resource> per document kind, its list,
// show, create and edit bound to the kind's catalogue entry and guarded by the kind's module rights.
import { Resource } from 'react-admin';
import DescriptionIcon from '@mui/icons-material/Description';
import { Guard } from '../access/access-context.js';
import { moduleOf, viewRight, type DocumentEntry } from '../catalogue/catalogue.js';
import { useAccess } from '../access/access-context.js';
import { hasAnyAccessRight } from '@binaan/contracts';
// Each page is its own chunk, fetched when first opened.
import { DocumentCreate, DocumentEdit, DocumentList, DocumentShow } from '../lazy-pages.js';

function ListPage({ entry }: { entry: DocumentEntry }) {
  const access = useAccess();
  const canCreate =
    access.approved &&
    hasAnyAccessRight(access.rights, `${moduleOf(entry.resource)}.update`) &&
    entry.transitions.some((t) => t.from === null);
  return <DocumentList entry={entry} canCreate={canCreate} />;
}

export function documentResource(entry: DocumentEntry) {
  const view = { rights: [viewRight(entry.resource)] };
  const update = { rights: [`${moduleOf(entry.resource)}.update` as const] };
  return (
    <Resource
      key={entry.resource}
      name={entry.resource}
      icon={DescriptionIcon}
      list={
        <Guard module={view}>
          <ListPage entry={entry} />
        </Guard>
      }
      show={
        <Guard module={view}>
          <DocumentShow entry={entry} />
        </Guard>
      }
      create={
        <Guard module={update}>
          <DocumentCreate entry={entry} />
        </Guard>
      }
      edit={
        <Guard module={update}>
          <DocumentEdit entry={entry} />
        </Guard>
      }
      recordRepresentation="documentNo"
    />
  );
}
