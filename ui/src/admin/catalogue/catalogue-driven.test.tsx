// @vitest-environment happy-dom
// The documents area is drawn from the workflow catalogue, not written per kind: a state added to a machine
// (here, in a fixture of the catalogue the api serves) shows as a new list tab and a new diagram node, and
// the buttons are exactly the document's availableActions, with no change to the ui's code.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { adminI18nProvider } from '../providers/i18n-provider.js';
import { ActionButtonsView } from '../documents/ActionButtons.js';
import { StateDiagram } from '../documents/StateDiagram.js';
import { StatusTabsView } from '../documents/StatusTabs.js';
import { documentEntries, tabStates, type CatalogueEntry } from './catalogue.js';

const t = (from: string | null, event: string, to: string, requiredFields: string[] = []) => ({
  from,
  event,
  to,
  guard: '',
  labelKey: `resources.purchaseOrder.actions.${event}`,
  requiredFields,
});
const state = (status: string, initial = false, final = false) => ({
  status,
  labelKey: `resources.purchaseOrder.status.${status}`,
  initial,
  final,
});

/** The purchase-order machine as GET /api/workflows describes it (workflows/docs/purchaseOrder.md). */
const purchaseOrder: CatalogueEntry = {
  resource: 'purchaseOrder',
  version: 1,
  versions: [1],
  authorityScope: 'project',
  decisions: [],
  states: [
    state('new', true),
    state('pendingConfirmation'),
    state('accepted'),
    state('rejected'),
    state('fulfilled', false, true),
    state('cancelled', false, true),
  ],
  events: ['Create', 'Request_Approve', 'Approve', 'Reject', 'Cancel', 'View', 'Confirm', 'Reject_By_Seller', 'Fulfil', 'Resubmit'],
  transitions: [
    t(null, 'Create', 'new', ['amount', 'counterpartyCompanyId']),
    t('new', 'Request_Approve', 'new', ['amount']),
    t('new', 'Approve', 'pendingConfirmation'),
    t('new', 'Reject', 'rejected', ['remark']),
    t('new', 'Cancel', 'cancelled', ['remark']),
    t('pendingConfirmation', 'Confirm', 'accepted'),
    t('pendingConfirmation', 'Reject_By_Seller', 'rejected', ['remark']),
    t('accepted', 'Fulfil', 'fulfilled'),
    t('rejected', 'Resubmit', 'new', ['amount']),
  ],
};

/** The same machine with a state added: an accepted order can be put on hold, and restarted. */
const withOnHold: CatalogueEntry = {
  ...purchaseOrder,
  states: [...purchaseOrder.states, state('onHold')],
  events: [...purchaseOrder.events, 'Hold', 'Restart'],
  transitions: [...purchaseOrder.transitions, t('accepted', 'Hold', 'onHold', ['remark']), t('onHold', 'Restart', 'accepted')],
};

// The area's own translations (admin.json through i18next), as the app renders them.
let i18n: I18nProvider;
beforeAll(async () => {
  i18n = await adminI18nProvider();
});
const inAdmin = (ui: React.ReactNode) => render(<AdminContext i18nProvider={i18n}>{ui}</AdminContext>);
const tabs = () => screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-testid'));

afterEach(cleanup);

describe('lists, diagram and buttons come from the catalogue', () => {
  it('draws one tab per state of the machine, the creation state first, after "all"', () => {
    inAdmin(<StatusTabsView entry={purchaseOrder} value="__all" onChange={() => undefined} />);
    expect(tabs()).toEqual([
      'tab-all',
      'tab-new',
      'tab-pendingConfirmation',
      'tab-accepted',
      'tab-rejected',
      'tab-fulfilled',
      'tab-cancelled',
    ]);
    expect(screen.getByTestId('tab-pendingConfirmation').textContent).toBe('Pending confirmation');
  });

  it('shows a state added to the machine as a new tab, labelled readably before anyone translates it', () => {
    inAdmin(<StatusTabsView entry={withOnHold} value="__all" onChange={() => undefined} />);
    expect(tabs()).toContain('tab-onHold');
    expect(screen.getByTestId('tab-onHold').textContent).toBe('On hold');
    expect(tabStates(withOnHold).map((s) => s.status)).toHaveLength(purchaseOrder.states.length + 1);
  });

  it('draws the added state in the diagram and highlights the state asked for', () => {
    inAdmin(<StateDiagram entry={withOnHold} highlight="onHold" />);
    expect(screen.getByTestId('diagram-state-onHold').getAttribute('data-highlighted')).toBe('true');
    expect(screen.getByTestId('diagram-state-accepted').getAttribute('data-highlighted')).toBe('false');
  });

  it('offers exactly the availableActions of the document, in order, including an event the ui has never seen', () => {
    inAdmin(
      <ActionButtonsView
        resource="purchaseOrder"
        busy={false}
        onAction={() => undefined}
        actions={[
          { event: 'Hold', requiredFields: ['remark'] },
          { event: 'Fulfil', requiredFields: [] },
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-testid'))).toEqual(['action-Hold', 'action-Fulfil']);
    expect(buttons.map((b) => b.textContent)).toEqual(['Hold', 'Mark fulfilled']);
  });

  it('disables every button while an action is being sent', () => {
    inAdmin(
      <ActionButtonsView
        resource="purchaseOrder"
        busy
        onAction={() => undefined}
        actions={[
          { event: 'Approve', requiredFields: [] },
          { event: 'Reject', requiredFields: ['remark'] },
        ]}
      />,
    );
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('makes a resource of every catalogue entry that is a document kind, and of nothing else', () => {
    const user: CatalogueEntry = { ...purchaseOrder, resource: 'user' };
    const invented: CatalogueEntry = { ...purchaseOrder, resource: 'spaceship' };
    expect(documentEntries([user, withOnHold, invented]).map((e) => e.resource)).toEqual(['purchaseOrder']);
  });
});
