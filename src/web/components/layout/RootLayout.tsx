import { Outlet } from '../../app/router';
import { BoardSidebar, BoardStrip } from './BoardSidebar';
import { Footer } from './Footer';
import { Header } from './Header';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      {/* At least a screen tall, so the footer starts below the fold: pages grow when their
          data arrives, and a footer in view would jump (layout shift, CLS) each time. */}
      <div className="mx-auto flex min-h-dvh w-full max-w-7xl flex-1 gap-6 px-4 py-4 sm:px-6 md:py-6">
        <BoardSidebar />
        {/* minmax(0, 1fr): a grid track grows to its widest item by default, and the board
            strip scrolls sideways only while the track stays as wide as the screen. */}
        <main className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-4">
          <BoardStrip />
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
