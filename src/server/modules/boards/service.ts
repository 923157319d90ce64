import { asc, eq, sql } from 'drizzle-orm';
import type { Board } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { boards } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';

import { BOARD_NOT_FOUND } from '../../lib/messages.js';

export { BOARD_NOT_FOUND };

const boardColumns = { id: boards.id, code: boards.code, name: boards.name, description: boards.description, tags: boards.tags, icon: boards.icon };

export function createBoardService(db: Db) {
  // Prepared once: every board page and the home page read them.
  const all = db.select(boardColumns).from(boards).orderBy(asc(boards.id)).prepare('boards_all');
  const withCode = db.select(boardColumns).from(boards).where(eq(boards.code, sql.placeholder('code'))).limit(1).prepare('board_by_code');
  const withId = db.select(boardColumns).from(boards).where(eq(boards.id, sql.placeholder('id'))).limit(1).prepare('board_by_id');
  // The list versions (boards.list_version, moved by a trigger on threads) home's revalidations read.
  const allListVersions = db.select({ sum: sql<string>`sum(${boards.listVersion})` }).from(boards).prepare('boards_list_version');
  return {
    /**
     * The version of the lists across boards (home's recent and popular): the sum of every
     * board's list version, which moves when any of them does. The boards are a handful of rows.
     */
    async homeListVersion(): Promise<string> {
      const [row] = await allListVersions.execute();
      return row?.sum ?? '0';
    },

    list(): Promise<Board[]> {
      return all.execute();
    },

    async byCode(code: string): Promise<Board> {
      const [board] = await withCode.execute({ code: code.toLowerCase() });
      if (!board) throw new NotFoundError(BOARD_NOT_FOUND);
      return board;
    },

    async byId(id: number): Promise<Board> {
      const [board] = await withId.execute({ id });
      if (!board) throw new NotFoundError(BOARD_NOT_FOUND);
      return board;
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
