import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AuthHandoffPage } from '../features/account/auth-handoff-page';
import { FlowsListPage } from '../features/flows/flows-list-page';
import { DocumentTitle } from './document-title';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';
import { RequireSession } from './require-session';
import { titled } from './route-title';
import { accountRoutes } from './account-routes';
import { page } from './lazy-page';
import { SessionEvents } from './session-events';
import { AppShellLayout } from './shell/app-shell-layout';

/** A lazy page rendered with a `key`, so /x/new never reuses the state of /x/edit/:id. */
function keyed<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, key: string) {
  return async () => {
    const Page = pick(await load());
    return { element: <Page key={key} /> };
  };
}

/** The flow editor (React Flow, Monaco, Tiptap) loads on demand, apart from the rest of the app. */
const flowEditor = page(
  () => import('../features/flow-editor/flow-editor-page'),
  (m) => m.FlowEditorPage,
);

/** The route table of spec 1 §2.1 and spec 2 §2, plus the account panel under /conta. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <DocumentTitle />
        <SessionEvents />
      </>
    ),
    // Shown while a lazy page loads on a first visit to its address.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: 'auth', element: <AuthHandoffPage />, ...titled('Entrando') },
      ...accountRoutes,
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShellLayout />,
            children: [
              { index: true, element: <Navigate to="/flows" replace /> },
              { path: 'flows', element: <FlowsListPage />, ...titled('Flows') },
              { path: 'flows/new', lazy: flowEditor, ...titled('Novo flow') },
              {
                path: 'flows/delete/:id',
                lazy: page(
                  () => import('../features/flows/flow-delete-page'),
                  (m) => m.FlowDeletePage,
                ),
                ...titled('Remover Flow'),
              },
              { path: 'flows/:id', lazy: flowEditor, ...titled('Editor de flow') },
              {
                path: 'flows/:flowId/execucoes/:executionId',
                lazy: page(
                  () => import('../features/flow-editor/history/execution-view-page'),
                  (m) => m.ExecutionViewPage,
                ),
                ...titled('Execução no editor'),
              },
              {
                path: 'flows/:id/versoes/:number',
                lazy: page(
                  () => import('../features/flow-editor/versions/version-view-page'),
                  (m) => m.VersionViewPage,
                ),
                ...titled('Versão do flow'),
              },
              {
                path: 'flows/:id/versoes/:number/comparar',
                lazy: page(
                  () => import('../features/flow-editor/versions/version-compare-page'),
                  (m) => m.VersionComparePage,
                ),
                ...titled('Comparar versões do flow'),
              },
              {
                path: 'api-tokens',
                lazy: page(
                  () => import('../features/api-tokens/api-tokens-page'),
                  (m) => m.ApiTokensPage,
                ),
                ...titled('Tokens de API'),
              },
              {
                path: 'groups',
                lazy: page(
                  () => import('../features/groups/groups-list-page'),
                  (m) => m.GroupsListPage,
                ),
                ...titled('Grupos'),
              },
              {
                path: 'groups/new',
                lazy: page(
                  () => import('../features/groups/group-form-page'),
                  (m) => m.GroupFormPage,
                ),
                ...titled('Novo grupo'),
              },
              {
                path: 'groups/edit/:id',
                lazy: page(
                  () => import('../features/groups/group-form-page'),
                  (m) => m.GroupFormPage,
                ),
                ...titled('Editar grupo'),
              },
              {
                path: 'groups/delete/:id',
                lazy: page(
                  () => import('../features/groups/group-delete-page'),
                  (m) => m.GroupDeletePage,
                ),
                ...titled('Remover grupo'),
              },
              {
                path: 'monitoring',
                lazy: page(
                  () => import('../features/monitoring/logs-page'),
                  (m) => m.LogsPage,
                ),
                ...titled('Monitoramento'),
              },
              {
                path: 'monitoring/active',
                lazy: page(
                  () => import('../features/monitoring/active-executions-page'),
                  (m) => m.ActiveExecutionsPage,
                ),
                ...titled('Execuções em tempo real'),
              },
              {
                path: 'monitoring/completed',
                lazy: page(
                  () => import('../features/monitoring/completed-executions-page'),
                  (m) => m.CompletedExecutionsPage,
                ),
                ...titled('Histórico de execuções'),
              },
              {
                path: 'variables',
                lazy: page(
                  () => import('../features/variables/variables-page'),
                  (m) => m.VariablesPage,
                ),
                ...titled('Variáveis'),
              },
              {
                path: 'lgpd',
                lazy: page(
                  () => import('../features/lgpd/lgpd-page'),
                  (m) => m.LgpdPage,
                ),
                ...titled('LGPD'),
              },
              {
                path: 'storage',
                lazy: page(
                  () => import('../features/storage/storage-page'),
                  (m) => m.StoragePage,
                ),
                ...titled('Storage'),
              },
              {
                path: 'queues',
                lazy: page(
                  () => import('../features/queues/queues-list-page'),
                  (m) => m.QueuesListPage,
                ),
                ...titled('Filas internas'),
              },
              {
                path: 'queues/new',
                lazy: page(
                  () => import('../features/queues/queue-form-page'),
                  (m) => m.QueueFormPage,
                ),
                ...titled('Nova fila interna'),
              },
              {
                path: 'queues/edit/:id',
                lazy: page(
                  () => import('../features/queues/queue-form-page'),
                  (m) => m.QueueFormPage,
                ),
                ...titled('Editar fila interna'),
              },
              {
                path: 'queues/view/:id',
                lazy: page(
                  () => import('../features/queues/queue-view-page'),
                  (m) => m.QueueViewPage,
                ),
                ...titled('Fila interna'),
              },
              {
                path: 'queues/delete/:id',
                lazy: page(
                  () => import('../features/queues/queue-delete-page'),
                  (m) => m.QueueDeletePage,
                ),
                ...titled('Remover fila interna'),
              },
              {
                path: 'forms',
                lazy: page(
                  () => import('../features/forms/forms-list-page'),
                  (m) => m.FormsListPage,
                ),
                ...titled('Formulários'),
              },
              {
                path: 'forms/new',
                lazy: page(
                  () => import('../features/forms/form-builder-page'),
                  (m) => m.FormBuilderPage,
                ),
                ...titled('Novo formulário'),
              },
              {
                path: 'forms/edit/:id',
                lazy: page(
                  () => import('../features/forms/form-builder-page'),
                  (m) => m.FormBuilderPage,
                ),
                ...titled('Editar formulário'),
              },
              {
                path: 'forms/delete/:id',
                lazy: page(
                  () => import('../features/forms/form-delete-page'),
                  (m) => m.FormDeletePage,
                ),
                ...titled('Remover formulário'),
              },
              {
                path: 'custom-nodes',
                lazy: page(
                  () => import('../features/custom-nodes/custom-nodes-list-page'),
                  (m) => m.CustomNodesListPage,
                ),
                ...titled('Conectores'),
              },
              {
                path: 'custom-nodes/new',
                lazy: page(
                  () => import('../features/custom-nodes/custom-node-editor-page'),
                  (m) => m.CustomNodeEditorPage,
                ),
                ...titled('Novo conector'),
              },
              {
                path: 'custom-nodes/delete/:id',
                lazy: page(
                  () => import('../features/custom-nodes/custom-node-delete-page'),
                  (m) => m.CustomNodeDeletePage,
                ),
                ...titled('Remover conector'),
              },
              {
                path: 'custom-nodes/:id',
                lazy: page(
                  () => import('../features/custom-nodes/custom-node-editor-page'),
                  (m) => m.CustomNodeEditorPage,
                ),
                ...titled('Editar conector'),
              },
              {
                path: 'dashboards',
                lazy: page(
                  () => import('../features/dashboards/dashboards-list-page'),
                  (m) => m.DashboardsListPage,
                ),
                ...titled('Dashboards'),
              },
              {
                path: 'dashboards/new',
                lazy: keyed(
                  () => import('../features/dashboards/dashboard-editor-page'),
                  (m) => m.DashboardEditorPage,
                  'new',
                ),
                ...titled('Novo dashboard'),
              },
              {
                path: 'dashboards/edit/:id',
                lazy: page(
                  () => import('../features/dashboards/dashboard-editor-page'),
                  (m) => m.DashboardEditorPage,
                ),
                ...titled('Editar dashboard'),
              },
              {
                path: 'dashboards/view/:id',
                lazy: page(
                  () => import('../features/dashboards/dashboard-view-page'),
                  (m) => m.DashboardViewPage,
                ),
                ...titled('Dashboard'),
              },
              {
                path: 'dashboards/delete/:id',
                lazy: page(
                  () => import('../features/dashboards/dashboard-delete-page'),
                  (m) => m.DashboardDeletePage,
                ),
                ...titled('Remover dashboard'),
              },
              {
                path: 'service-accounts',
                lazy: page(
                  () => import('../features/service-accounts/service-accounts-page'),
                  (m) => m.ServiceAccountsPage,
                ),
                ...titled('Contas de serviço'),
              },
              {
                path: 'oauth2/callback',
                lazy: page(
                  () => import('../features/service-accounts/oauth2-callback-page'),
                  (m) => m.OAuth2CallbackPage,
                ),
                ...titled('Autorização de conta de serviço'),
              },
              {
                path: 'database/tables',
                lazy: page(
                  () => import('../features/db-tables/tables-list-page'),
                  (m) => m.TablesListPage,
                ),
                ...titled('Tabelas'),
              },
              {
                path: 'database/tables/new',
                lazy: page(
                  () => import('../features/db-tables/table-form-page'),
                  (m) => m.TableFormPage,
                ),
                ...titled('Nova tabela'),
              },
              {
                path: 'database/tables/edit/:tableId',
                lazy: page(
                  () => import('../features/db-tables/table-form-page'),
                  (m) => m.TableFormPage,
                ),
                ...titled('Editar tabela'),
              },
              {
                path: 'database/tables/delete/:tableId',
                lazy: page(
                  () => import('../features/db-tables/table-delete-page'),
                  (m) => m.TableDeletePage,
                ),
                ...titled('Remover tabela'),
              },
              {
                path: 'database/entities/new/:tableId',
                lazy: page(
                  () => import('../features/db-tables/record-form-page'),
                  (m) => m.RecordFormPage,
                ),
                ...titled('Novo registro'),
              },
              {
                path: 'database/entities/edit/:entityId',
                lazy: page(
                  () => import('../features/db-tables/record-form-page'),
                  (m) => m.RecordFormPage,
                ),
                ...titled('Editar registro'),
              },
              {
                path: 'database/entities/:tableId',
                lazy: page(
                  () => import('../features/db-tables/records-list-page'),
                  (m) => m.RecordsListPage,
                ),
                ...titled('Registros da tabela'),
              },
              {
                path: 'alert-rules',
                lazy: page(
                  () => import('../features/alert-rules/alert-rules-list-page'),
                  (m) => m.AlertRulesListPage,
                ),
                ...titled('Regras de alerta'),
              },
              {
                path: 'alert-rules/new',
                lazy: keyed(
                  () => import('../features/alert-rules/alert-rule-editor-page'),
                  (m) => m.AlertRuleEditorPage,
                  'new',
                ),
                ...titled('Nova regra de alerta'),
              },
              {
                path: 'alert-rules/edit/:id',
                lazy: page(
                  () => import('../features/alert-rules/alert-rule-editor-page'),
                  (m) => m.AlertRuleEditorPage,
                ),
                ...titled('Editar regra de alerta'),
              },
              {
                path: 'alert-rules/delete/:id',
                lazy: page(
                  () => import('../features/alert-rules/alert-rule-delete-page'),
                  (m) => m.AlertRuleDeletePage,
                ),
                ...titled('Remover regra de alerta'),
              },
              { path: '*', element: <NotFoundPage />, ...titled('Página não encontrada') },
            ],
          },
        ],
      },
    ],
  },
];
