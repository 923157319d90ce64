import { Plus } from 'lucide-react';
import { Link, useLocation, useNavigate } from '../app/router';
import { Button } from '../components/ui/button';
import { Tabs, TabsContent, TabsLinkTrigger, TabsList } from '../components/ui/tabs';
import { useUser } from '../lib/auth/get-user';
import { useBoards } from '../features/boards/api/get-boards';
import { BoardCard, BoardCardSkeleton } from '../features/boards/components/BoardCard';
import { useFeed, type Feed } from '../features/threads/api/get-feeds';
import { CreateThreadDialog } from '../features/threads/components/CreateThreadDialog';
import { ThreadList } from './parts/ThreadList';

const SKELETON_CARDS = 6;
type Tab = 'boards' | Feed;
const tabPaths: Record<Tab, string> = { boards: '/', recent: '/recent', popular: '/popular' };
const titles: Record<Tab, string> = { boards: 'Hushboard', recent: 'Recent Threads · Hushboard', popular: 'Popular Threads · Hushboard' };

/** Home (SPEC.md section 2): product name, tagline, New Thread and three tabs; /recent and /popular open theirs. */
export function HomePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = pathname === '/recent' ? 'recent' : pathname === '/popular' ? 'popular' : 'boards';
  const user = useUser().data ?? null;
  const boards = useBoards();

  return (
    <div className="grid gap-6">
      <title>{titles[tab]}</title>
      <section className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Hushboard</h1>
          <p className="text-lg text-muted-foreground">Private discussions, public impact</p>
        </div>
        <CreateThreadDialog boards={boards.data ?? []} user={user}>
          <Button asChild>
            <a href="/new-thread" role="button">
              <Plus aria-hidden="true" />
              New Thread
            </a>
          </Button>
        </CreateThreadDialog>
      </section>

      <Tabs value={tab} onValueChange={(value) => void navigate(tabPaths[value as Tab])}>
        <TabsList className="w-full sm:w-fit">
          <TabsLinkTrigger value="boards" href={tabPaths.boards}>
            Popular Boards
          </TabsLinkTrigger>
          <TabsLinkTrigger value="recent" href={tabPaths.recent}>
            Recent Threads
          </TabsLinkTrigger>
          <TabsLinkTrigger value="popular" href={tabPaths.popular}>
            Popular Threads
          </TabsLinkTrigger>
        </TabsList>
        <TabsContent value="boards" className="pt-2">
          <section aria-label="Popular Boards">
            {boards.isError ? (
              <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
                The boards could not be loaded. Please try refreshing the page.
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={boards.isPending}>
                {boards.isPending
                  ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
                      // Keys of their own: a board's card replaces a skeleton rather than reusing its <li>.
                      <li key={`skeleton-${index}`}>
                        <BoardCardSkeleton />
                      </li>
                    ))
                  : boards.data.map((board) => (
                      <li key={board.id}>
                        <BoardCard board={board} />
                      </li>
                    ))}
              </ul>
            )}
          </section>
        </TabsContent>
        <TabsContent value="recent" className="pt-2">
          <FeedList feed="recent" active={tab === 'recent'} />
        </TabsContent>
        <TabsContent value="popular" className="pt-2">
          <FeedList feed="popular" active={tab === 'popular'} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

const empty: Record<Feed, string> = {
  recent: 'No recent threads found. Be the first to create one!',
  popular: 'No popular threads found yet. Activity will generate popular content!',
};

function FeedList({ feed, active }: { feed: Feed; active: boolean }) {
  const query = useFeed(feed, active);
  return (
    <section aria-label={feed === 'recent' ? 'Recent Threads' : 'Popular Threads'}>
      <ThreadList
        query={query}
        empty={
          <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center">
            <p className="text-muted-foreground">{empty[feed]}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/board/g">Browse the technology board</Link>
            </Button>
          </div>
        }
      />
    </section>
  );
}
