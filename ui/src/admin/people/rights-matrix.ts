// The role editor's matrix, derived from ACCESS_RIGHTS alone (a right added to contracts shows without code
// here): a row per permission area, a column per right. An area is the name up to its last dot, so the
// administration rights (`administration.users.approve`) give rows of their own (Users: view, update,
// approve) rather than fifteen columns no other area has. `admin.*` is the platform's and never offered.
import { ACCESS_RIGHTS } from '@binaan/contracts';

export type MatrixArea = { key: string; labelKey: string; rights: readonly string[] };

const grantable = ACCESS_RIGHTS.filter((name) => !name.startsWith('admin.'));

const areaOf = (name: string) => name.slice(0, name.lastIndexOf('.'));
const rightOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/** `administration.companyProfile` -> `administrationCompanyProfile`: one flat translation key per area. */
export const areaLabelKey = (area: string) =>
  area
    .split('.')
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');

/** The areas in ACCESS_RIGHTS' order, each with its rights in that order. */
export const MATRIX_AREAS: readonly MatrixArea[] = grantable.reduce<MatrixArea[]>((areas, name) => {
  const key = areaOf(name);
  const found = areas.find((a) => a.key === key);
  if (found) (found.rights as string[]).push(rightOf(name));
  else areas.push({ key, labelKey: areaLabelKey(key), rights: [rightOf(name)] });
  return areas;
}, []);

/** The columns: every right any area has, most common first (view, update, approve ...), ties in first-seen order. */
export const MATRIX_RIGHTS: readonly string[] = (() => {
  const seen = MATRIX_AREAS.flatMap((a) => a.rights);
  const order = [...new Set(seen)];
  const count = (right: string) => seen.filter((r) => r === right).length;
  return order.sort((a, b) => count(b) - count(a) || order.indexOf(a) - order.indexOf(b));
})();

export const rightName = (area: string, right: string) => `${area}.${right}`;

/** Ticks or unticks one right; rights outside the matrix (none today) are kept as they were. */
export function toggleRight(rights: readonly string[], name: string, on: boolean): string[] {
  const rest = rights.filter((r) => r !== name);
  return on ? [...rest, name] : rest;
}

/** The ticked rights in ACCESS_RIGHTS' order, as the role is sent (the same role always reads the same). */
export function orderedRights(rights: readonly string[]): string[] {
  const ticked = new Set(rights);
  return ACCESS_RIGHTS.filter((name) => ticked.has(name));
}

/** The areas a role touches, for a short summary on the roles list. */
export function areasOf(rights: readonly string[]): MatrixArea[] {
  const held = new Set(rights.map(areaOf));
  return MATRIX_AREAS.filter((a) => held.has(a.key));
}
