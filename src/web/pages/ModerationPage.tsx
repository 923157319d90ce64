import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from '../app/router';
import { Spinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { toast } from '../components/ui/use-toast';
import { useUser } from '../lib/auth/get-user';
import { AppealsPanel } from '../features/moderation/components/AppealsPanel';
import { BannedIpsPanel } from '../features/moderation/components/BannedIpsPanel';
import { LoadingRows } from '../components/ui/skeleton';
import { IpFinder } from '../features/moderation/components/IpFinder';
import { ModerationLog } from '../features/moderation/components/ModerationLog';
import { ReportsPanel } from '../features/moderation/components/ReportsPanel';
import { SuspensionsPanel } from '../features/moderation/components/SuspensionsPanel';

// The dashboard and its chart library load when its tab is first opened.
const DashboardPanel = lazy(() => import('../features/moderation/components/DashboardPanel'));

/** /mod: login required, admins only (SPEC.md section 2). */
export function ModerationPage() {
  const user = useUser();
  const navigate = useNavigate();
  const [tab, setTab] = useState('bans');
  const denied = user.data !== undefined && user.data !== null && !user.data.isAdmin;

  useEffect(() => {
    if (!denied) return;
    toast({ variant: 'destructive', title: 'Access Denied', description: 'You do not have permission to access the moderation panel.' });
    void navigate('/', { replace: true });
  }, [denied, navigate]);

  if (user.isPending || denied) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (!user.data) return <Navigate to="/auth" replace />;

  return (
    <div className="grid gap-6">
      <title>Moderation Panel · Hushboard</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Moderation Panel</h1>
        <p className="text-muted-foreground">Bans, author suspensions, IP look-ups, reports, appeals, the record of every action, and the board's figures.</p>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex-wrap">
          <TabsTrigger value="bans">Banned IPs</TabsTrigger>
          <TabsTrigger value="suspensions">Suspended Authors</TabsTrigger>
          <TabsTrigger value="finder">IP Finder</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="appeals">Appeals</TabsTrigger>
          <TabsTrigger value="log">Log</TabsTrigger>
          <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
        </TabsList>
        <TabsContent value="bans" className="pt-2">
          <BannedIpsPanel />
        </TabsContent>
        <TabsContent value="suspensions" className="pt-2">
          <SuspensionsPanel />
        </TabsContent>
        <TabsContent value="finder" className="pt-2">
          <IpFinder />
        </TabsContent>
        <TabsContent value="reports" className="pt-2">
          <ReportsPanel />
        </TabsContent>
        <TabsContent value="appeals" className="pt-2">
          <AppealsPanel />
        </TabsContent>
        <TabsContent value="log" className="pt-2">
          <ModerationLog />
        </TabsContent>
        <TabsContent value="dashboard" className="pt-2">
          {tab === 'dashboard' ? (
            <Suspense fallback={<LoadingRows label="Loading the dashboard" rowClassName="h-24" />}>
              <DashboardPanel />
            </Suspense>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
