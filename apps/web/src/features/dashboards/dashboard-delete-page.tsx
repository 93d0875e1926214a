import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useDeleteDashboard } from './api/dashboard-mutations';
import { useDashboard } from './api/get-dashboards';

const m = messages.dashboards;

/** /dashboards/delete/{id}: type the dashboard's name to confirm (spec 2 §5 'Dashboard'). */
export function DashboardDeletePage() {
  const { id = '' } = useParams();
  const dashboard = useDashboard(id);
  const remove = useDeleteDashboard();

  return (
    <DeleteByNamePage
      title="Remover dashboard"
      itemLabel="dashboard"
      itemName={dashboard.data?.name}
      loading={dashboard.isPending}
      loadError={dashboard.error}
      backTo="/dashboards"
      mismatchMessage={m.removeNameMismatch}
      successMessage={m.removed}
      errorPrefix={m.removeError}
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
