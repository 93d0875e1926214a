import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useDeleteDashboard } from './api/dashboard-mutations';
import { useDashboard } from './api/get-dashboards';

const m = messages.dashboards;

/** /dashboards/delete/{id}: type the dashboard's name to confirm (spec 2 §5 'Dashboard'). */
export function DashboardDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useDashboard}
      useRemove={useDeleteDashboard}
      title="Remover dashboard"
      itemLabel="dashboard"
      backTo="/dashboards"
      mismatchMessage={m.removeNameMismatch}
      successMessage={m.removed}
      errorPrefix={m.removeError}
    />
  );
}
