import { asc } from 'drizzle-orm';
import type { Board } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { boards } from '../../db/schema.js';

export function createBoardService(db: Db) {
  return {
    list(): Promise<Board[]> {
      return db
        .select({ id: boards.id, code: boards.code, name: boards.name, description: boards.description, tags: boards.tags, icon: boards.icon })
        .from(boards)
        .orderBy(asc(boards.id));
    },
  };
}
