import { fileURLToPath } from 'node:url';

/** infra/migrations, from this file's place in the repository. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../../infra/migrations', import.meta.url));
