/**
 * A disk that refuses fsync, for the tests of what a failed record leaves behind: every
 * FileHandle's datasync rejects with `error` (only the next `times` calls when given)
 * until the returned restore runs.
 */
import { open } from 'node:fs/promises';

type Datasync = () => Promise<void>;

export async function failFsync(error: Error, times = Infinity): Promise<() => void> {
  // Any readable file gives the FileHandle prototype: the running Node binary exists on every system.
  const probe = await open(process.execPath, 'r');
  const proto = Object.getPrototypeOf(probe) as { datasync: Datasync };
  await probe.close();
  const real = proto.datasync;
  let left = times;
  proto.datasync = function datasync(this: unknown) {
    if (left <= 0) return real.call(this);
    left--;
    return Promise.reject(error);
  };
  return () => {
    proto.datasync = real;
  };
}
