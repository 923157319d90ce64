import { Link } from '../../../app/router';
import type { SentTip } from '../../../../shared/api.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadingRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useSentTips } from '../api/get-sent-tips';
import { ExplorerLink } from './ExplorerLink';
import { TipStatusBadge } from './TipStatusBadge';
import { formatAmount } from '../../../lib/money';

/** The Tip History tab: every tip the signed-in user has sent. */
export function TipHistoryCard() {
  const tips = useSentTips();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Sent Tips History</h2>
        </CardTitle>
        <CardDescription>View all cryptocurrency tips you&apos;ve sent to threads and posts</CardDescription>
      </CardHeader>
      <CardContent>
        {tips.isPending ? (
          <LoadingRows label="Loading tips" />
        ) : tips.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load tips
          </p>
        ) : tips.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">You haven&apos;t sent any cryptocurrency tips yet.</p>
        ) : (
          <TipTable tips={tips.data} />
        )}
      </CardContent>
    </Card>
  );
}

function TipTable({ tips }: { tips: SentTip[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[36rem] text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {['Date', 'Amount', 'Status', 'Recipient'].map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {tips.map((tip) => (
            <tr key={tip.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(tip.createdAt)}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{formatAmount(tip.amount, tip.currency)}</td>
              <td className="px-3 py-2">
                <TipStatusBadge status={tip.status} />
              </td>
              <td className="px-3 py-2">
                <Recipient tip={tip} />
              </td>
              <td className="px-3 py-2 text-right">
                <ExplorerLink currency={tip.currency} txHash={tip.txHash} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Recipient({ tip }: { tip: SentTip }) {
  if (tip.postId !== null && tip.threadId !== null) {
    return (
      <Link to={`/thread/${tip.threadId}#post-${tip.postId}`} className="text-primary hover:underline">
        Post #{tip.postId}
      </Link>
    );
  }
  if (tip.threadId !== null) {
    return (
      <Link to={`/thread/${tip.threadId}`} className="text-primary hover:underline" title={tip.thread?.title}>
        Thread #{tip.threadId}
      </Link>
    );
  }
  if (tip.postId !== null) return <span>Post #{tip.postId}</span>;
  return <span className="text-muted-foreground">Unknown</span>;
}
