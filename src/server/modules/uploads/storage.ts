// Where processed images live. Only a local folder today; the interface is what an S3
// (or any object store) driver will implement later.
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStorage {
  /** Stores data under name; storing a name that exists changes nothing (names are content hashes). */
  put(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  /** Removes name; removing a name that does not exist changes nothing. */
  delete(name: string): Promise<void>;
  /** Local folder to serve from, for the local driver (an object store serves itself). */
  readonly localDir?: string;
}

/** Names are ours (hash + extension), never the user's; anything else is a bug. */
const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]+$/i;

function checkName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Invalid storage name: ${JSON.stringify(name)}`);
}

export function createLocalStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  const fileOf = (name: string) => {
    checkName(name);
    return path.join(root, name);
  };

  const has = async (name: string): Promise<boolean> => {
    try {
      await access(fileOf(name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  };

  return {
    localDir: root,
    has,
    async delete(name) {
      await rm(fileOf(name), { force: true });
    },
    async put(name, data) {
      const file = fileOf(name);
      if (await has(name)) return;
      await mkdir(root, { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file. The
      // leading dot keeps the temporary file out of what @fastify/static serves.
      const temp = path.join(root, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
  };
}
