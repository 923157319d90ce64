import { BoardSidebar, BoardStrip } from '../components/layout/BoardSidebar';
import { IconSprite } from '../components/icons/sprite';
import { Footer } from '../components/layout/Footer';
import { Header } from '../components/layout/Header';
import { MobileDrawer } from '../components/layout/MobileDrawer';
import { useBoards } from '../features/boards/api/get-boards';
import { NotificationBell } from '../features/notifications/components/NotificationBell';
import { CreateThreadDialog } from '../features/threads/components/CreateThreadDialog';
import type { PartTrigger } from '../lib/on-first-use';
import { useUser } from '../lib/auth/get-user';
import { BanWatcher } from './BanWatcher';
import { SessionWatcher } from './SessionWatcher';
import { UnlockWatcher } from './UnlockWatcher';
import { Outlet, useLocation } from './router';

// The shell composes the features the layout shows (boards, the New Thread dialog, the
// notifications bell) into components/layout, which knows none of them. Each part below reads its own query, so a
// change re-renders that part, not the page under <Outlet />.

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      {/* First, so a server-rendered icon has its drawing as soon as it is parsed. */}
      <IconSprite />
      <ShellHeader />
      {/* At least a screen tall, so the footer starts below the fold: pages grow when their
          data arrives, and a footer in view would jump (layout shift, CLS) each time. */}
      <div className="mx-auto flex min-h-dvh w-full max-w-7xl flex-1 gap-6 px-4 py-4 sm:px-6 md:py-6">
        <ShellBoardSidebar />
        {/* minmax(0, 1fr): a grid track grows to its widest item by default, and the board
            strip scrolls sideways only while the track stays as wide as the screen. */}
        <main className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-4">
          <ShellBoardStrip />
          <Outlet />
        </main>
      </div>
      <Footer />
      <BanWatcher />
      <SessionWatcher />
      <UnlockWatcher />
    </div>
  );
}

const newThread = (trigger: PartTrigger) => <NewThread trigger={trigger} />;

function ShellHeader() {
  return <Header drawer={<ShellMobileDrawer />} newThread={newThread} notifications={<ShellNotifications />} />;
}

/** The bell, once a user is signed in: it opens no stream and asks nothing for visitors. */
function ShellNotifications() {
  const user = useUser().data;
  return user ? <NotificationBell key={user.id} userId={user.id} /> : null;
}

function ShellMobileDrawer() {
  return <MobileDrawer boards={useBoards()} />;
}

function ShellBoardSidebar() {
  return <BoardSidebar boards={useBoards()} />;
}

function ShellBoardStrip() {
  return <BoardStrip boards={useBoards()} />;
}

/** The board code of a board page, for prefilling the New Thread form. */
function boardCodeOf(pathname: string): string | undefined {
  return /^\/board\/([^/]+)/.exec(pathname)?.[1];
}

function NewThread({ trigger }: { trigger: PartTrigger }) {
  const { pathname } = useLocation();
  const user = useUser().data ?? null;
  const boards = useBoards().data ?? [];
  return (
    <CreateThreadDialog boards={boards} user={user} boardCode={boardCodeOf(pathname)}>
      {trigger}
    </CreateThreadDialog>
  );
}
