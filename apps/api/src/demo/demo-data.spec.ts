import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ACCESS_RIGHTS,
  isBusinessRegistrationNumber,
  isFullName,
  isStrongPassword,
  normalisePhone,
  SubscriptionType,
} from '@binaan/contracts';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_ROLES, DEMO_USERS } from './demo-data.js';

const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
const loginRows = [...readme.matchAll(/^\| `([^`]+@[^`]+)` \| `([^`]+)` \|/gm)].map((match) => ({ email: match[1], password: match[2] }));

describe('demo data', () => {
  it('the README lists every demo login, one a row, with the password that works', () => {
    expect(loginRows.map((row) => row.email).sort()).toEqual(DEMO_USERS.map((user) => user.email).sort());
    for (const row of loginRows) expect(row.password).toBe(DEMO_PASSWORD);
  });

  it('passes the rules real sign-ups must pass', () => {
    expect(isStrongPassword(DEMO_PASSWORD)).toBe(true);
    for (const user of DEMO_USERS) {
      expect(isFullName(user.name)).toBe(true);
      expect(normalisePhone(user.mobile)).toBe(user.mobile);
    }
    for (const company of DEMO_COMPANIES) expect(isBusinessRegistrationNumber(company.registrationNo)).toBe(true);
    expect(new Set(DEMO_USERS.map((user) => user.mobile)).size).toBe(DEMO_USERS.length);
  });

  it('has a company of every subscription type, and approved, submitted and in-progress ones', () => {
    expect(new Set(DEMO_COMPANIES.map((company) => company.subscriptionType))).toEqual(new Set(Object.values(SubscriptionType)));
    expect(new Set(DEMO_COMPANIES.map((company) => company.status))).toEqual(new Set([1, 2, 3]));
  });

  it('names only existing users, roles and access rights', () => {
    const emails = new Set(DEMO_USERS.map((user) => user.email));
    const roles = new Set(DEMO_ROLES.map((role) => role.roleId));
    for (const company of DEMO_COMPANIES) {
      for (const member of company.members) {
        expect(emails.has(member.email)).toBe(true);
        for (const role of member.roles) expect(roles.has(role)).toBe(true);
      }
    }
    for (const role of DEMO_ROLES) for (const right of role.accessRights) expect(ACCESS_RIGHTS).toContain(right);
  });
});
