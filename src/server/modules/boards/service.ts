import { asc, eq } from 'drizzle-orm';
import type { Board } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { boards } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';

export const BOARD_NOT_FOUND = 'Board not found';

const boardColumns = { id: boards.id, code: boards.code, name: boards.name, description: boards.description, tags: boards.tags, icon: boards.icon };

export function createBoardService(db: Db) {
  return {
    list(): Promise<Board[]> {
      return db.select(boardColumns).from(boards).orderBy(asc(boards.id));
    },

    async byCode(code: string): Promise<Board> {
      const [board] = await db.select(boardColumns).from(boards).where(eq(boards.code, code.toLowerCase())).limit(1);
      if (!board) throw new NotFoundError(BOARD_NOT_FOUND);
      return board;
    },

    async byId(id: number): Promise<Board> {
      const [board] = await db.select(boardColumns).from(boards).where(eq(boards.id, id)).limit(1);
      if (!board) throw new NotFoundError(BOARD_NOT_FOUND);
      return board;
    },
  };
}
