// Personal data: the marker a forgotten person's fields read as, and the platform administrator's
// users list. The event store spells the marker too (its ERASED, which has no dependency on this package);
// apps/api/src/personal-data/erased.spec.ts keeps the two equal. The ui shows it translated (never as is).

/** What a reply carries where a forgotten person's name, e-mail or mobile was. */
export const ERASED = '[erased]';

/** GET /api/personal-data/users: one account (a forgotten one reads ERASED in its name and e-mail). */
export type PersonalDataAccount = { userId: string; name: string; email: string; status: string; userType: number; registeredAt: string };
export type PersonalDataUsersReply = { users: PersonalDataAccount[] };
