// The raw limit: a bare Fastify + pg server running the same SQL Hushboard runs for
// the thread page and the board page, with none of its layers (sessions, CSRF,
// privacy serializers, logging). Hushboard / baseline is the ratio that holds on
// any machine.
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 3200);
if (!url) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });

const threadSql = `
  SELECT t.id, t.board_id, t.title, t.content, t.image_url, t.image_name, t.thumbnail_url, t.created_at, t.updated_at,
    t.bumped_at, t.reply_count, t.is_sticky, t.is_locked, t.is_anonymous, t.is_premium, t.access_price, t.access_currency,
    t.total_tips_received, t.upvotes, t.downvotes, t.user_id, u.username, b.code, b.name, b.tags
  FROM threads t JOIN boards b ON b.id = t.board_id LEFT JOIN users u ON u.id = t.user_id
  WHERE t.id = $1 AND NOT t.is_deleted LIMIT 1`;
const postsSql = `
  SELECT p.id, p.thread_id, p.content, p.image_url, p.image_name, p.thumbnail_url, p.created_at, p.updated_at,
    p.reply_to_id, p.is_anonymous, p.is_deleted, p.upvotes, p.downvotes, p.user_id, u.username
  FROM posts p LEFT JOIN users u ON u.id = p.user_id
  WHERE p.thread_id = $1 AND p.id > $2 ORDER BY p.id LIMIT 100`;
const boardSql = `
  SELECT t.id, t.board_id, t.title, t.content, t.image_url, t.image_name, t.thumbnail_url, t.created_at, t.updated_at,
    t.bumped_at, t.reply_count, t.is_sticky, t.is_locked, t.is_anonymous, t.is_premium, t.access_price, t.access_currency,
    t.total_tips_received, t.upvotes, t.downvotes, t.user_id, u.username, b.code, b.name, b.tags
  FROM threads t JOIN boards b ON b.id = t.board_id LEFT JOIN users u ON u.id = t.user_id
  WHERE t.board_id = (SELECT id FROM boards WHERE code = $1) AND NOT t.is_deleted
  ORDER BY t.is_sticky DESC, t.bumped_at DESC, t.id DESC LIMIT $2 OFFSET $3`;

app.get<{ Params: { id: string } }>('/api/threads/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const [thread, posts] = await Promise.all([pool.query(threadSql, [id]), pool.query(postsSql, [id, 0])]);
  if (thread.rowCount === 0) return reply.code(404).send({ message: 'Thread not found' });
  return { ...thread.rows[0], posts: posts.rows };
});

app.get<{ Params: { code: string }; Querystring: { page?: string } }>('/api/boards/:code/threads', async (request) => {
  const page = Number(request.query.page ?? 1);
  return (await pool.query(boardSql, [request.params.code, 10, (page - 1) * 10])).rows;
});

app.get('/trivial', async () => ({ ok: true }));
app.get<{ Params: { id: string } }>('/api/board-by-id/:id', async (request) => {
  return (await pool.query('SELECT id, code, name, description, tags, icon FROM boards WHERE id = $1', [Number(request.params.id)])).rows[0];
});

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
