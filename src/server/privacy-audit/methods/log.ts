import { createHash } from 'node:crypto';
import { atomsOf } from '../load.js';
import type { Snapshot } from '../load.js';
import { type Candidate, itemKey, type ItemKey } from '../types.js';

const ACCOUNT_ID_KEY = /(^|\.)(userId|user_id|actorId|actor_id|accountId|account_id|uid|(user|actor|account)\.id)$/;
const USERNAME_KEY = /(^|\.)(username|userName|user_name|user|actor)$/;
const SESSION_KEY = /(^|\.)(session|sessionId|session_id|sid|token)$/;
const THREAD_KEY = /(^|\.)(threadId|thread_id|thread\.id)$/;
const POST_KEY = /(^|\.)(postId|post_id|replyToId|reply_to_id|post\.id)$/;
const PATH_ITEM = /\/(threads?|posts?)\/(\d+)/g;
const PATH_USER = /\/users\/(\d+)|\buser:(\d+)\b/g;

interface Mentions {
  accounts: Map<number, number[]>;
  items: Map<ItemKey, number[]>;
  reading: boolean;
}

/**
 * (f) The log (pino JSON lines): lines of one request (`reqId`) that name an account
 * (a user id, username or session) and an anonymous item (its id, author tag or poster
 * ID). A request that only read (GET) is an interaction: a signed-in reader; any other
 * is a link.
 */
export function logLinks(snapshot: Snapshot, lines: string[]): Candidate[] {
  const userIds = new Set(snapshot.users.map((user) => user.id));
  const byName = new Map(snapshot.users.map((user) => [user.username.toLowerCase(), user.id]));
  const byTag: [string, ItemKey][] = [];
  for (const item of snapshot.items.values()) {
    if (item.authorTag) byTag.push([item.authorTag, item.key]);
    if (item.posterId) byTag.push([item.posterId, item.key]);
  }
  const groups = new Map<string, Mentions>();
  const note = <K>(map: Map<K, number[]>, key: K, line: number) => map.set(key, [...(map.get(key) ?? []), line]);

  lines.forEach((text, index) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    if (parsed === null || typeof parsed !== 'object') return;
    const record = parsed as Record<string, unknown>;
    const group = typeof record.reqId === 'string' || typeof record.reqId === 'number' ? `req ${record.reqId}` : `line ${index + 1}`;
    const mentions = groups.get(group) ?? { accounts: new Map(), items: new Map(), reading: true };
    groups.set(group, mentions);
    if (typeof record.method === 'string' && !['GET', 'HEAD'].includes(record.method)) mentions.reading = false;
    const line = index + 1;
    const account = (id: number) => userIds.has(id) && note(mentions.accounts, id, line);
    const item = (key: ItemKey) => snapshot.items.has(key) && note(mentions.items, key, line);
    for (const { path, value } of atomsOf('', record)) {
      if (/^\d+$/.test(value)) {
        if (ACCOUNT_ID_KEY.test(path)) account(Number(value));
        if (THREAD_KEY.test(path)) item(itemKey('threads', value));
        if (POST_KEY.test(path)) item(itemKey('posts', value));
      }
      if (USERNAME_KEY.test(path) && byName.has(value.toLowerCase())) account(byName.get(value.toLowerCase())!);
      if (SESSION_KEY.test(path)) {
        const session = snapshot.sessions.get(value) ?? snapshot.sessions.get(createHash('sha256').update(value).digest('hex'));
        if (session !== undefined) account(session);
      }
      for (const match of value.matchAll(PATH_ITEM)) item(itemKey(match[1]!.startsWith('thread') ? 'threads' : 'posts', match[2]!));
      for (const match of value.matchAll(PATH_USER)) account(Number(match[1] ?? match[2]));
      for (const [tag, key] of byTag) if (value.includes(tag)) item(key);
    }
  });

  const found: Candidate[] = [];
  for (const [group, mentions] of groups)
    for (const [item, itemLines] of mentions.items)
      for (const [userId, accountLines] of mentions.accounts)
        found.push({
          method: 'log',
          class: mentions.reading ? 'interaction' : 'link',
          item,
          userId,
          where: 'log',
          detail: `${group.startsWith('req') ? 'one request' : 'one line'}: account on line ${accountLines.join(',')}, item on line ${itemLines.join(',')}`,
        });
  return found;
}
