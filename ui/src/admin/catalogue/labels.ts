// Labels of statuses and actions: the catalogue's label key (resources.<resource>.status.<status>), else
// the same status or event in any kind (workflow.status.<status>), else the name made readable. A state
// added to a machine therefore shows at once, readable, before anyone translates it.
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function humanise(name: string): string {
  const spaced = name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim();
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
