import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { boards } from './schema.js';
import type * as schema from './schema.js';

/** The seven boards of SPEC.md section 2, with the icon key each code maps to. */
export const defaultBoards = [
  {
    code: 'g',
    name: 'Technology',
    description: 'Programming, hardware, software, privacy tools and everything that runs on electricity.',
    tags: ['programming', 'hardware', 'privacy', 'linux'],
    icon: 'code',
  },
  {
    code: 'tv',
    name: 'Film & Television',
    description: 'Movies, series, documentaries and the people who make them. Tag your spoilers.',
    tags: ['movies', 'series', 'reviews', 'directors'],
    icon: 'film',
  },
  {
    code: 'mu',
    name: 'Music',
    description: 'Albums, artists, gear, production and recommendations across every genre.',
    tags: ['albums', 'production', 'recommendations', 'gear'],
    icon: 'music',
  },
  {
    code: 'v',
    name: 'Video Games',
    description: 'PC, console and handheld games: news, strategies, retro finds and indie gems.',
    tags: ['pc', 'console', 'indie', 'retro'],
    icon: 'gamepad',
  },
  {
    code: 'lit',
    name: 'Literature',
    description: 'Books, poetry and writing: what you are reading, what you are writing, what to read next.',
    tags: ['books', 'poetry', 'writing', 'classics'],
    icon: 'book',
  },
  {
    code: 'a',
    name: 'Anime & Art',
    description: 'Anime, manga, illustration and the visual arts: share work, critique and recommendations.',
    tags: ['anime', 'manga', 'illustration', 'design'],
    icon: 'palette',
  },
  {
    code: 'ck',
    name: 'Food & Cooking',
    description: 'Recipes, techniques, kitchen equipment and food from every corner of the world.',
    tags: ['recipes', 'baking', 'techniques', 'world food'],
    icon: 'utensils',
  },
] as const;

/** Seeds the default boards when the database has none (the first start). */
export async function seedBoards(db: NodePgDatabase<typeof schema>): Promise<void> {
  const existing = await db.select({ id: boards.id }).from(boards).limit(1);
  if (existing.length > 0) return;
  await db
    .insert(boards)
    .values(defaultBoards.map((board) => ({ ...board, tags: [...board.tags] })))
    .onConflictDoNothing();
}
