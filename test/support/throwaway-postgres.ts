// A PostgreSQL cluster of a test's own, in a temporary folder on a free port, so the test may do to it
// what it must never do to the shared server: end every backend, kill the postmaster with -9 and start it
// again (crash recovery). Debian's binaries (/usr/lib/postgresql/<version>/bin); as root the cluster runs
// as the postgres user (initdb refuses root), otherwise as the caller. fsync is off: the faults here are
// process crashes, which the operating system's page cache survives, not machine crashes.

import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN_ROOT = '/usr/lib/postgresql';

/** Debian's newest PostgreSQL binaries folder, or null when PostgreSQL is not installed. */
export function postgresBinaries(): string | null {
  if (!existsSync(BIN_ROOT)) return null;
  const versions = readdirSync(BIN_ROOT)
    .filter((name) => existsSync(join(BIN_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions[versions.length - 1];
  return newest ? join(BIN_ROOT, newest, 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ThrowawayPostgres {
  private constructor(
    readonly folder: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  /** Base URL without a database (append `/postgres`, or use databaseUrl). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  databaseUrl(database: string): string {
    return `${this.url}/${database}`;
  }

  static async create(): Promise<ThrowawayPostgres> {
    const bin = postgresBinaries();
    if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)');
    const folder = mkdtempSync(join(tmpdir(), 'binaan-throwaway-pg-'));
    const cluster = new ThrowawayPostgres(folder, await freePort(), bin);
    if (process.getuid?.() === 0)
      chownSync(
        folder,
        Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      );
    cluster.run('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  private get dataDir(): string {
    return join(this.folder, 'data');
  }

  /** One of the cluster's binaries, as the postgres user when we are root. */
  private run(binary: string, args: string[]): void {
    const command = join(this.bin, binary);
    const result =
      process.getuid?.() === 0
        ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
        : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }

  /** Starts the postmaster (after a kill: crash recovery first) and waits until it takes connections. */
  async start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.folder, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
    await this.waitUntilAnswering();
  }

  private async waitUntilAnswering(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const client = new pg.Client({ connectionString: this.databaseUrl('postgres') });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  }

  async createDatabase(name: string): Promise<string> {
    await this.sql('postgres', `CREATE DATABASE ${name}`);
    return this.databaseUrl(name);
  }

  /** One statement on a connection of its own. */
  async sql<R extends object = Record<string, unknown>>(database: string, text: string, params: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl(database) });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as R[];
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Ends every other session on `database` (what a failover, a pooler restart or a DBA does); how many. */
  async terminateBackends(database: string): Promise<number> {
    const rows = await this.sql<{ ended: boolean }>(
      'postgres',
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.filter((row) => row.ended).length;
  }

  /** The postmaster's pid, from postmaster.pid. */
  postmasterPid(): number {
    return Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** kill -9 the postmaster (its backends exit when they see it gone); resolves when none is left. */
  async killPostmaster(): Promise<void> {
    const pid = this.postmasterPid();
    const backends = this.childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    while ([pid, ...backends].some(alive)) {
      if (Date.now() > deadline) {
        for (const child of backends) if (alive(child)) process.kill(child, 'SIGKILL');
      }
      await sleep(50);
    }
  }

  private childrenOf(pid: number): number[] {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((candidate) => {
        try {
          return (
            Number(
              readFileSync(`/proc/${candidate}/stat`, 'utf8')
                .replace(/^.*\) /, '')
                .split(' ')[1],
            ) === pid
          );
        } catch {
          return false;
        }
      });
  }

  async destroy(): Promise<void> {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already down (a test killed it last).
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
