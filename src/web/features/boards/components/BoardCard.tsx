import { Link } from '../../../app/router';
import type { Board } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { BoardIcon } from '../../../components/layout/BoardIcon';

const TAGS_SHOWN = 3;

export function BoardCard({ board }: { board: Board }) {
  return (
    <Link
      to={`/board/${board.code}`}
      className="group block rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className="h-full gap-4 transition-colors group-hover:border-foreground/20 group-hover:bg-accent/40">
        <CardHeader className="flex-row items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground">
            <BoardIcon board={board} className="size-5" />
          </span>
          <div className="grid min-w-0 gap-1">
            <CardTitle className="font-mono text-base">/{board.code}/</CardTitle>
            <p className="truncate text-sm font-medium">{board.name}</p>
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          <CardDescription className="line-clamp-2">{board.description}</CardDescription>
          {board.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {board.tags.slice(0, TAGS_SHOWN).map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </Link>
  );
}

/**
 * As tall as a BoardCard, line for line (code 24 px, name 20, two description lines
 * 40, the tag row 24), so the cards below do not move when the boards arrive (CLS).
 */
export function BoardCardSkeleton() {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center gap-3">
        <Skeleton className="size-10 rounded-lg" />
        <div className="grid gap-1">
          <Skeleton className="my-1 h-4 w-12" />
          <Skeleton className="my-0.5 h-4 w-28" />
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid h-10 content-center gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <div className="flex gap-1.5">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-6 w-14" />
        </div>
      </CardContent>
    </Card>
  );
}
