import { lazy, memo, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

// The reply form brings the form and validation libraries: it loads just after the
// thread itself, so the thread shows first. The placeholder keeps the form's height.
const ReplyFormChunk = lazy(() => import('./ReplyForm').then((module) => ({ default: module.ReplyForm })));

// Memoized: the replies around it re-render as they are revealed, the form need not.
export const LazyReplyForm = memo(function LazyReplyForm(props: ComponentProps<typeof ReplyFormChunk>) {
  return (
    <Suspense fallback={<Skeleton className="h-[172px] w-full" aria-label="Loading the reply form" />}>
      <ReplyFormChunk {...props} />
    </Suspense>
  );
});
