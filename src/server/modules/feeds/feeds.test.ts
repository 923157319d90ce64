import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';

// CONTRACT.md section 11: Atom feeds of recent threads, a board's and a user's named
// threads, with the API's privacy and premium rules.
const t = useTestApp();

let author: TestUser;
let named: number;
let anonymous: number;
let premium: number;

const get = (url: string, headers: Record<string, string> = {}) => t.client().get(url, headers);
const entriesOf = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);

beforeAll(async () => {
  author = await signUp(t, { premium: true });
  named = (await createThread(t, author, { isAnonymous: false, title: 'A named <b>thread</b> ]]> here', content: 'First line\nsecond line\n\n**bold** ||spoiled ending|| >>5 @someone <script>x</script>' })).id;
  anonymous = (await createThread(t, author, { isAnonymous: true, title: 'An anonymous thread' })).id;
  premium = (await createThread(t, author, { isAnonymous: false, isPremium: true, accessPrice: '0.01', title: 'A premium thread', premiumContent: 'PREMIUM-SECRET-CANARY' })).id;
});

describe('Atom feeds', () => {
  it('lists the newest threads as Atom 1.0, text escaped, premium content left out', async () => {
    const response = await get('/feeds/recent.atom');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(xml).toContain('<link rel="self" href="http://localhost:80/feeds/recent.atom"/>'.replace(':80', ''));
    const entries = entriesOf(xml);
    expect(entries[0]).toContain(`<id>http://localhost/thread/${premium}</id>`);
    // Title text is escaped inside its CDATA: no markup, and no early end of the CDATA.
    const namedEntry = entries.find((entry) => entry.includes(`/thread/${named}<`))!;
    expect(namedEntry).toContain('A named &lt;b&gt;thread&lt;/b&gt; ]]&gt; here');
    // The text as the page renders its Markdown, with spoilers left out and links absolute (CONTRACT.md section 14).
    expect(namedEntry).toContain('<p>First line<br>\nsecond line</p>');
    expect(namedEntry).toContain(`<p><strong>bold</strong> [spoiler] <a href="http://localhost/thread/${named}#post-5" class="md-reference" data-post-id="5">&gt;&gt;5</a> <a href="http://localhost/u/someone" class="md-mention">@someone</a> &lt;script&gt;x&lt;/script&gt;</p>`);
    expect(namedEntry).not.toContain('spoiled ending');
    expect(namedEntry).toMatch(new RegExp(`<author>\\s*<name>${author.username}</name>\\s*<uri>http://localhost/users/${author.id}</uri>`));
    const anonymousEntry = entries.find((entry) => entry.includes(`/thread/${anonymous}<`))!;
    expect(anonymousEntry).toMatch(/<author>\s*<name>Anonymous<\/name>\s*<\/author>/);
    expect(anonymousEntry).not.toContain(author.username);
    expect(xml).not.toContain('PREMIUM-SECRET-CANARY');
  });

  it("gives a user's named threads only, never their anonymous ones", async () => {
    const xml = (await get(`/feeds/users/${author.id}.atom`)).body;
    const ids = entriesOf(xml).map((entry) => Number(/\/thread\/(\d+)<\/id>/.exec(entry)![1]));
    expect(ids).toEqual([premium, named]);
    expect(xml).toContain(`<title>Threads by ${author.username} · Hushboard</title>`);
    expect((await get('/feeds/users/999999.atom')).statusCode).toBe(404);
    expect((await get('/feeds/users/abc.atom')).statusCode).toBe(404);
  });

  it("gives a board's threads, and 404 for an unknown board", async () => {
    const other = await signUp(t);
    const onTv = (await createThread(t, other, { isAnonymous: false, boardId: 2, title: 'On another board' })).id;
    const xml = (await get('/feeds/boards/g.atom')).body;
    expect(xml).toContain(`/thread/${named}<`);
    expect(xml).not.toContain(`/thread/${onTv}<`);
    expect((await get('/feeds/boards/nope.atom')).statusCode).toBe(404);
  });

  it('answers 304 to a reader whose copy is current, and a new body once a thread is added', async () => {
    const first = await get('/feeds/recent.atom');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    // Without PUBLIC_URL its URLs are the request's origin: the reader keeps it, no shared cache does.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/feeds/recent.atom', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createThread(t, author, { isAnonymous: false, title: 'Something new' });
    expect((await get('/feeds/recent.atom', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});
