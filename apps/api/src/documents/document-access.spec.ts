import { describe, expect, it } from '@jest/globals';
import { documentAccess } from './document-access.js';

describe('document access: the module right each documents call needs', () => {
  it.each([
    ['view', { resource: 'tender' }, ['tenderManagement.view']],
    ['update', { resource: 'tender' }, ['tenderManagement.update']],
    ['view', { resource: 'progressiveClaim' }, ['contractManagement.view']],
    ['update', { resource: 'letterOfAward' }, ['contractManagement.update']],
    ['view', { resource: 'purchaseOrder' }, ['procurement.view']],
    ['update', { resource: 'deliveryOrder' }, ['procurement.update']],
    ['action', { resource: 'purchaseOrder', event: 'Approve' }, ['procurement.approve']],
    ['action', { resource: 'progressiveClaim', event: 'Reject' }, ['contractManagement.approve']],
    ['action', { resource: 'purchaseOrder', event: 'Confirm' }, ['procurement.confirm']],
    ['action', { resource: 'progressiveClaim', event: 'Reject_By_Buyer' }, ['contractManagement.confirm']],
    ['action', { resource: 'purchaseOrder', event: 'View' }, ['procurement.view']],
    ['action', { resource: 'purchaseOrder', event: 'Request_Approve' }, ['procurement.update', 'procurement.approve']],
    ['action', { resource: 'tender', event: 'Cancel' }, ['tenderManagement.update', 'tenderManagement.approve']],
  ] as const)('%s on %j needs %j', (kind, params, rights) => {
    expect(documentAccess(kind)(params)).toEqual(rights);
  });

  it('an unknown resource needs nothing here: the route answers 404 unknownDocumentResource', () => {
    expect(documentAccess('view')({ resource: 'user' })).toBeNull();
  });
});
