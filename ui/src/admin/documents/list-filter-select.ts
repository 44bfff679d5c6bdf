// react-admin's SelectInput alone, for list-filter-inputs.tsx's lazy import (a dynamic import of
// 'react-admin' itself would keep every export of its barrel).
export { SelectInput } from 'react-admin';
