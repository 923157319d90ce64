import { BoardCard, BoardCardSkeleton } from '../features/boards/components/BoardCard';
import { useBoards } from '../features/boards/api/get-boards';

const SKELETON_CARDS = 6;

/** The home screen's first cut: product name, tagline and the boards (SPEC.md section 2). */
export function HomePage() {
  const boards = useBoards();
  return (
    <div className="grid gap-8">
      <title>Hushboard</title>
      <section className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Hushboard</h1>
        <p className="text-lg text-muted-foreground">Private discussions, public impact</p>
      </section>

      <section aria-labelledby="boards-heading" className="grid gap-4">
        <h2 id="boards-heading" className="text-xl font-semibold tracking-tight">
          Popular Boards
        </h2>
        {boards.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
            The boards could not be loaded. Please try refreshing the page.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={boards.isPending}>
            {boards.isPending
              ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
                  <li key={index}>
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
    </div>
  );
}
