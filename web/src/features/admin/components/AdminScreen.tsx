import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PageHeader } from '../../../ui/PageHeader';
import { FullPageSpinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { NotFound } from '../../../ui/NotFound';
import { DomainBlocksTab } from '../../federation';
import { ApplicationsReview } from './ApplicationsReview';
import { AuditLogView } from './AuditLogView';
import { FederationDeliveries } from './FederationDeliveries';
import { LeakTracerTab } from './LeakTracerTab';
import { PayoutsReview } from './PayoutsReview';
import { ReportsReview } from './ReportsReview';
import { UsersReview } from './UsersReview';
import { useOwnProfile } from '../../../lib/own-profile';

type AdminTab =
  'reports' | 'applications' | 'payouts' | 'users' | 'leakTracer' | 'federation' | 'audit';

/** Federation: the domains blocked, then the deliveries given up on. */
function FederationTab() {
  return (
    <div className="space-y-10">
      <DomainBlocksTab />
      <FederationDeliveries />
    </div>
  );
}

const TAB_VIEWS: Record<AdminTab, () => React.JSX.Element> = {
  reports: ReportsReview,
  applications: ApplicationsReview,
  payouts: PayoutsReview,
  users: UsersReview,
  leakTracer: LeakTracerTab,
  federation: FederationTab,
  audit: AuditLogView,
};

/** /admin: admins only; anyone else sees the 404 page, as the server answers them 404 too. */
export function AdminScreen() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useOwnProfile();
  const [tab, setTab] = useState<AdminTab>('reports');

  const View = TAB_VIEWS[tab];

  if (isPending) return <FullPageSpinner label={t('app.loading')} />;
  if (!profile?.is_admin) return <NotFound />;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('pages.admin.title')} subtitle={t('pages.admin.subtitle')} />
      <Tabs
        label={t('admin.tabsLabel')}
        items={[
          { value: 'reports', label: t('admin.tabs.reports') },
          { value: 'applications', label: t('admin.tabs.applications') },
          { value: 'payouts', label: t('admin.tabs.payouts') },
          { value: 'users', label: t('admin.tabs.users') },
          { value: 'leakTracer', label: t('admin.tabs.leakTracer') },
          { value: 'federation', label: t('federationControl.domainBlocks.tab') },
          { value: 'audit', label: t('admin.tabs.audit') },
        ]}
        value={tab}
        onValueChange={setTab}
      >
        <View />
      </Tabs>
    </div>
  );
}
