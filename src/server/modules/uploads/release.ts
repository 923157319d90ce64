import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { UPLOADS_URL_PREFIX } from './service.js';
import type { ImageStorage } from './storage.js';

/** The image columns of a deleted thread or post. */
export interface StoredImage {
  imageUrl: string | null;
  thumbnailUrl: string | null;
}

/** Where a failure to remove a file is reported: it is never the user's error. */
export interface ReleaseLog {
  warn(details: object, message: string): void;
}

export type ReleaseImages = (images: readonly StoredImage[], log: ReleaseLog) => Promise<void>;

const storedName = (url: string | null): string | null =>
  url !== null && url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : null;

/**
 * Removes the files of deleted content from storage (CONTRACT.md section 11: the URL
 * then answers 404). Files are named by content hash, so one file can belong to several
 * rows (the same picture uploaded twice): it goes only when no live thread, and no live
 * post of a live thread, still shows it. Avatars are not uploads (nothing stores one
 * yet); when they become uploads, `users.avatar_url` joins the check below.
 *
 * Called after the deletion committed, so a rolled-back deletion never loses a file. A
 * file that cannot be removed is logged and left behind. Known gap: an upload of the
 * same picture racing the deletion (stored before, its row written after this check)
 * can lose its file; the window is one query long.
 */
export function createImageRelease(db: Db, storage: Pick<ImageStorage, 'delete'>): ReleaseImages {
  return async (images, log) => {
    const byImage = new Map<string, StoredImage>();
    for (const image of images) if (image.imageUrl !== null) byImage.set(image.imageUrl, image);
    for (const [imageUrl, { thumbnailUrl }] of byImage) {
      try {
        const { rows } = await db.execute<{ used: boolean }>(sql`
          SELECT EXISTS (SELECT 1 FROM threads WHERE image_url = ${imageUrl} AND NOT is_deleted)
            OR EXISTS (SELECT 1 FROM posts JOIN threads ON threads.id = posts.thread_id
                       WHERE posts.image_url = ${imageUrl} AND NOT posts.is_deleted AND NOT threads.is_deleted) AS used`);
        if (rows[0]?.used) continue;
        // The reverse of put()'s order: a failure halfway never leaves an image without its thumbnail.
        for (const name of [storedName(imageUrl), storedName(thumbnailUrl)]) if (name !== null) await storage.delete(name);
      } catch (error) {
        log.warn({ err: error, imageUrl }, 'could not remove the image of deleted content');
      }
    }
  };
}
