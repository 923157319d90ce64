import { Check, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../app/router';
import type { Report, ReportStatus } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/native-select';
import { Label } from '../../../components/ui/label';
import { LoadingRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, TimeAgo } from '../../../lib/format';
import { useReports } from '../api/get-reports';
import { useResolveReport } from '../api/resolve-report';

/** Reports tab: the open reports with what they point at; resolve or dismiss, or jump to the thread. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>Reports</h2>
          </CardTitle>
          <CardDescription>What users have flagged, newest first.</CardDescription>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="report-status">Show</Label>
          <NativeSelect id="report-status" value={status} onChange={(event) => setStatus(event.target.value as ReportStatus)} className="w-36">
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
            <option value="dismissed">Dismissed</option>
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent>
        {reports.isPending ? (
          <LoadingRows label="Loading reports" rowClassName="h-24" />
        ) : reports.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The reports could not be loaded.
          </p>
        ) : reports.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No {status} reports.</p>
        ) : (
          <ul className="grid gap-3">
            {reports.data.map((report) => (
              <li key={report.id}>
                <ReportItem report={report} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReportItem({ report }: { report: Report }) {
  const resolve = useResolveReport();
  const { target } = report;
  const link = target.type === 'post' ? `/thread/${target.threadId}#post-${target.postId}` : `/thread/${target.threadId}`;
  const title = target.type === 'post' ? target.threadTitle : target.title;
  const labelId = `report-${report.id}`;

  const close = async (status: 'resolved' | 'dismissed') => {
    try {
      await resolve.mutateAsync({ id: report.id, status });
      toast({ title: status === 'resolved' ? 'Report resolved' : 'Report dismissed' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to update report') });
    }
  };

  return (
    <article aria-labelledby={labelId} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="outline">{target.type === 'post' ? `Post #${target.postId}` : `Thread #${target.threadId}`}</Badge>
        {target.isDeleted && <Badge variant="secondary">Deleted</Badge>}
        <span>
          reported by <span className="font-medium text-foreground">{report.reporter.username}</span>
        </span>
        <time dateTime={report.createdAt} title={formatDate(report.createdAt)}>
          <TimeAgo iso={report.createdAt} />
        </time>
      </div>
      <h3 id={labelId} className="font-semibold">
        {target.type === 'post' ? `Reply in “${title}”` : title}
      </h3>
      {report.editedSinceReport && report.reported ? (
        // Edited after the report: the moderator judges the text as it was reported, and sees what it became.
        <div className="grid gap-2">
          <p className="text-xs font-medium">As reported (edited since):</p>
          <blockquote className="max-h-64 overflow-y-auto border-l-2 border-amber-500 pl-3 text-sm break-words whitespace-pre-wrap" data-reported-text>
            {report.reported.title !== null && <span className="block font-medium">{report.reported.title}</span>}
            {report.reported.content}
          </blockquote>
          <p className="text-xs font-medium">Now:</p>
          <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-wrap text-muted-foreground">{target.excerpt || '(no content)'}</blockquote>
        </div>
      ) : (
              <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-wrap text-muted-foreground">{target.excerpt || '(no content)'}</blockquote>
      )}
      <p className="text-sm">
        <span className="font-medium">Reason:</span> {report.reason}
      </p>
      {report.status !== 'open' && report.resolvedAt && (
        <p className="text-xs text-muted-foreground">
          {report.status === 'resolved' ? 'Resolved' : 'Dismissed'} {formatDate(report.resolvedAt)}
          {report.resolvedBy && ` by ${report.resolvedBy.username}`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={link}>
            <ExternalLink aria-hidden="true" />
            Go to thread
          </Link>
        </Button>
        {report.status === 'open' && (
          <>
            <Button size="sm" disabled={resolve.isPending} onClick={() => void close('resolved')}>
              <Check aria-hidden="true" />
              Resolve
            </Button>
            <Button variant="ghost" size="sm" disabled={resolve.isPending} onClick={() => void close('dismissed')}>
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
