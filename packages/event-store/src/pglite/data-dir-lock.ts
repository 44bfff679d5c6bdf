// PGlite has no lock of its own on its data directory, and two processes writing one directory corrupt
// it. We take a lock file holding our pid, created exclusively; a lock left by a process that no longer
// runs is taken over.

import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StoreLocked } from '../errors.js';

export type DataDirLock = { release: () => void };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'binaan.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) throw new StoreLocked(dataDir, holder);
      if (holder === process.pid) throw new StoreLocked(dataDir, holder);
      unlinkSync(path);
    }
  }
  throw new StoreLocked(dataDir, null);
}
