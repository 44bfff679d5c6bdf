import { describe, expect, it } from 'vitest';
import { companyText, otherParty } from './company-names.js';

const row = {
  companyId: 'teguh-bina',
  companyName: 'Teguh Bina Sdn Bhd',
  counterpartyCompanyId: 'mutiara-supplies',
  counterpartyName: 'Mutiara Supplies Sdn Bhd',
};

describe('company names on documents', () => {
  it('an own document shows its counterparty by name', () => {
    expect(otherParty(row, 'teguh-bina')).toEqual({ kind: 'to', name: 'Mutiara Supplies Sdn Bhd' });
  });

  it('a received document shows who sent it', () => {
    expect(otherParty(row, 'mutiara-supplies')).toEqual({ kind: 'from', name: 'Teguh Bina Sdn Bhd' });
  });

  it('falls back to the id when the name is unknown, and to a dash without a counterparty', () => {
    expect(otherParty({ ...row, counterpartyName: null }, 'teguh-bina')).toEqual({ kind: 'to', name: 'mutiara-supplies' });
    expect(otherParty({ ...row, companyName: null }, 'seri-hartanah')).toEqual({ kind: 'from', name: 'teguh-bina' });
    expect(otherParty({ ...row, counterpartyCompanyId: null, counterpartyName: null }, 'teguh-bina')).toEqual({ kind: 'none', name: '-' });
  });

  it('a directory option reads name (registration number); nothing for no company', () => {
    expect(
      companyText({ id: 'm', name: 'Mutiara Supplies Sdn Bhd', registrationNo: '2345678-B', subscriptionType: 2, isLogoUploaded: false }),
    ).toBe('Mutiara Supplies Sdn Bhd (2345678-B)');
    expect(companyText(null)).toBe('');
  });
});
