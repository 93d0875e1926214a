import { PageHeader } from '../../components/page-header';

// Shell of the contract: the page is built before merge.
export function DashboardEditorPage() {
  return <PageHeader title="Editar dashboard" />;
}
