// Labels of statuses and actions: the catalogue's label key (resources.<resource>.status.<status>), else
// the same status or event in any kind (workflow.status.<status>), else the name made readable. A state
// added to a machine therefore shows at once, readable, before anyone translates it.
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function humanise(name: string): string {
  const spaced = name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const camel = (status: string) => status.replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase());

export function statusLabel(translate: Translate, resource: string, status: string | null | undefined): string {
  if (!status) return '-';
  if (status === 'none') return translate('admin.history.noDocument', { _: '(none)' });
  const generic = translate(`workflow.status.${camel(status)}`, { _: humanise(camel(status)) });
  return translate(`resources.${resource}.status.${camel(status)}`, { _: generic });
}

export function actionLabel(translate: Translate, resource: string, event: string): string {
  const generic = translate(`workflow.event.${event}`, { _: humanise(event) });
  return translate(`resources.${resource}.actions.${event}`, { _: generic });
}

export function resourceLabel(translate: Translate, resource: string, plural = true): string {
  return translate(`resources.${resource}.name`, { smart_count: plural ? 2 : 1, _: humanise(resource) });
}

/**
 * A status, and the verify level its open approval round waits for when it has one: "New, awaiting verify
 * level 1". Without a round (or the level unknown) the status label alone. Levels run from 20 (verify level 1).
 */
export function statusWithRoundLabel(
  translate: Translate,
  resource: string,
  status: string | null | undefined,
  awaitingLevel: number | null | undefined,
): string {
  const label = statusLabel(translate, resource, status);
  if (awaitingLevel === null || awaitingLevel === undefined || awaitingLevel < 20) return label;
  return translate('admin.documents.statusAwaiting', {
    status: label,
    n: awaitingLevel - 19,
    _: `${label}, awaiting verify level ${awaitingLevel - 19}`,
  });
}
