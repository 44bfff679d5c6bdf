import { describe, expect, it } from '@jest/globals';
import { companyRegistrationErrors, directoryTradesOf } from '@binaan/contracts';
import { DEMO_COMPANIES } from './demo-data.js';
import { DEMO_DIRECTORY } from './demo-directory.js';

describe('demo directory profiles', () => {
  const profiled = DEMO_COMPANIES.filter((company) => DEMO_DIRECTORY[company.key]);

  it('belong to demo companies, and each passes the rules a real registration must pass', () => {
    expect(profiled.map((company) => company.key).sort()).toEqual(Object.keys(DEMO_DIRECTORY).sort());
    for (const company of profiled) {
      const details = {
        ...DEMO_DIRECTORY[company.key]!.details,
        name: company.name,
        registrationNo: company.registrationNo,
        subscriptionType: company.subscriptionType,
      };
      expect({ key: company.key, errors: companyRegistrationErrors(details) }).toEqual({ key: company.key, errors: {} });
    }
  });

  it('are registered by a member of the company, and each company offers a trade to be found under', () => {
    for (const company of profiled) {
      const profile = DEMO_DIRECTORY[company.key]!;
      expect(company.members.map((member) => member.email)).toContain(profile.registeredBy);
      expect(
        directoryTradesOf({ subscriptionType: company.subscriptionType, cidbSpecialisations: profile.details.cidbSpecialisations }).length,
      ).toBeGreaterThan(0);
    }
  });

  it('leave approved listed companies on the landing, and one listed company still waiting for approval', () => {
    expect(profiled.filter((company) => company.status === 3).length).toBeGreaterThanOrEqual(3);
    expect(profiled.some((company) => company.status !== 3)).toBe(true);
  });
});
