import { PageHeader } from '../../components/page-header';

// Shell of the contract: the page is built before merge.
export function DashboardsListPage() {
  return <PageHeader title="Dashboards" />;
}
