import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AccountHomePage } from '../features/account/account-home-page';
import { AccountLayout } from '../features/account/account-layout';
import { AuthHandoffPage } from '../features/account/auth-handoff-page';
import { ProfilePage } from '../features/account/profile-page';
import { SignInPage } from '../features/account/sign-in-page';
import { SecurityLogPage } from '../features/account/security-log-page';
import { SignOutPage } from '../features/account/sign-out-page';
import { UsersPage } from '../features/account/users-page';
import { WorkspacesPage } from '../features/account/workspaces-page';
import { AlertRuleDeletePage } from '../features/alert-rules/alert-rule-delete-page';
import { AlertRuleEditorPage } from '../features/alert-rules/alert-rule-editor-page';
import { AlertRulesListPage } from '../features/alert-rules/alert-rules-list-page';
import { CustomNodeDeletePage } from '../features/custom-nodes/custom-node-delete-page';
import { CustomNodeEditorPage } from '../features/custom-nodes/custom-node-editor-page';
import { CustomNodesListPage } from '../features/custom-nodes/custom-nodes-list-page';
import { DashboardDeletePage } from '../features/dashboards/dashboard-delete-page';
import { DashboardEditorPage } from '../features/dashboards/dashboard-editor-page';
import { DashboardViewPage } from '../features/dashboards/dashboard-view-page';
import { DashboardsListPage } from '../features/dashboards/dashboards-list-page';
import { RecordFormPage } from '../features/db-tables/record-form-page';
import { RecordsListPage } from '../features/db-tables/records-list-page';
import { TableDeletePage } from '../features/db-tables/table-delete-page';
import { TableFormPage } from '../features/db-tables/table-form-page';
import { TablesListPage } from '../features/db-tables/tables-list-page';
import { FlowDeletePage } from '../features/flows/flow-delete-page';
import { FlowsListPage } from '../features/flows/flows-list-page';
import { FormBuilderPage } from '../features/forms/form-builder-page';
import { FormDeletePage } from '../features/forms/form-delete-page';
import { FormsListPage } from '../features/forms/forms-list-page';
import { GroupDeletePage } from '../features/groups/group-delete-page';
import { GroupFormPage } from '../features/groups/group-form-page';
import { GroupsListPage } from '../features/groups/groups-list-page';
import { ActiveExecutionsPage } from '../features/monitoring/active-executions-page';
import { CompletedExecutionsPage } from '../features/monitoring/completed-executions-page';
import { LogsPage } from '../features/monitoring/logs-page';
import { OAuth2CallbackPage } from '../features/service-accounts/oauth2-callback-page';
import { ServiceAccountsPage } from '../features/service-accounts/service-accounts-page';
import { QueueDeletePage } from '../features/queues/queue-delete-page';
import { QueueFormPage } from '../features/queues/queue-form-page';
import { QueueViewPage } from '../features/queues/queue-view-page';
import { QueuesListPage } from '../features/queues/queues-list-page';
import { StoragePage } from '../features/storage/storage-page';
import { VariablesPage } from '../features/variables/variables-page';
import { DocumentTitle } from './document-title';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';
import { RequireSession } from './require-session';
import { titled } from './route-title';
import { SessionEvents } from './session-events';
import { AppShellLayout } from './shell/app-shell-layout';

/** The flow editor (React Flow, Monaco, Tiptap) loads on demand, apart from the rest of the app. */
const flowEditor = async () => ({
  Component: (await import('../features/flow-editor/flow-editor-page')).FlowEditorPage,
});

/** The route table of spec 1 §2.1 and spec 2 §2, plus the account panel under /conta. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <DocumentTitle />
        <SessionEvents />
      </>
    ),
    // Shown while a lazy page (the editor) loads on a first visit to its address.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: 'auth', element: <AuthHandoffPage />, ...titled('Entrando') },
      {
        path: 'conta',
        element: <AccountLayout />,
        children: [
          { path: 'entrar', element: <SignInPage />, ...titled('Entrar') },
          { path: 'sair', element: <SignOutPage />, ...titled('Sair') },
          {
            element: <RequireSession />,
            children: [
              { index: true, element: <AccountHomePage />, ...titled('Conta') },
              { path: 'perfil', element: <ProfilePage />, ...titled('Meu perfil') },
              { path: 'workspaces', element: <WorkspacesPage />, ...titled('Workspaces') },
              { path: 'usuarios', element: <UsersPage />, ...titled('Usuários') },
              {
                path: 'seguranca',
                element: <SecurityLogPage />,
                handle: { ...titled('Registro de segurança').handle, accountWide: true },
              },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShellLayout />,
            children: [
              { index: true, element: <Navigate to="/flows" replace /> },
              { path: 'flows', element: <FlowsListPage />, ...titled('Flows') },
              { path: 'flows/new', lazy: flowEditor, ...titled('Novo flow') },
              { path: 'flows/delete/:id', element: <FlowDeletePage />, ...titled('Remover Flow') },
              { path: 'flows/:id', lazy: flowEditor, ...titled('Editor de flow') },
              { path: 'groups', element: <GroupsListPage />, ...titled('Grupos') },
              { path: 'groups/new', element: <GroupFormPage />, ...titled('Novo grupo') },
              { path: 'groups/edit/:id', element: <GroupFormPage />, ...titled('Editar grupo') },
              {
                path: 'groups/delete/:id',
                element: <GroupDeletePage />,
                ...titled('Remover grupo'),
              },
              { path: 'monitoring', element: <LogsPage />, ...titled('Monitoramento') },
              {
                path: 'monitoring/active',
                element: <ActiveExecutionsPage />,
                ...titled('Execuções em tempo real'),
              },
              {
                path: 'monitoring/completed',
                element: <CompletedExecutionsPage />,
                ...titled('Histórico de execuções'),
              },
              { path: 'variables', element: <VariablesPage />, ...titled('Variáveis') },
              { path: 'storage', element: <StoragePage />, ...titled('Storage') },
              { path: 'queues', element: <QueuesListPage />, ...titled('Filas internas') },
              { path: 'queues/new', element: <QueueFormPage />, ...titled('Nova fila interna') },
              {
                path: 'queues/edit/:id',
                element: <QueueFormPage />,
                ...titled('Editar fila interna'),
              },
              { path: 'queues/view/:id', element: <QueueViewPage />, ...titled('Fila interna') },
              {
                path: 'queues/delete/:id',
                element: <QueueDeletePage />,
                ...titled('Remover fila interna'),
              },
              { path: 'forms', element: <FormsListPage />, ...titled('Formulários') },
              { path: 'forms/new', element: <FormBuilderPage />, ...titled('Novo formulário') },
              {
                path: 'forms/edit/:id',
                element: <FormBuilderPage />,
                ...titled('Editar formulário'),
              },
              {
                path: 'forms/delete/:id',
                element: <FormDeletePage />,
                ...titled('Remover formulário'),
              },
              { path: 'custom-nodes', element: <CustomNodesListPage />, ...titled('Conectores') },
              {
                path: 'custom-nodes/new',
                element: <CustomNodeEditorPage />,
                ...titled('Novo conector'),
              },
              {
                path: 'custom-nodes/delete/:id',
                element: <CustomNodeDeletePage />,
                ...titled('Remover conector'),
              },
              {
                path: 'custom-nodes/:id',
                element: <CustomNodeEditorPage />,
                ...titled('Editar conector'),
              },
              { path: 'dashboards', element: <DashboardsListPage />, ...titled('Dashboards') },
              {
                path: 'dashboards/new',
                element: <DashboardEditorPage key="new" />,
                ...titled('Novo dashboard'),
              },
              {
                path: 'dashboards/edit/:id',
                element: <DashboardEditorPage />,
                ...titled('Editar dashboard'),
              },
              {
                path: 'dashboards/view/:id',
                element: <DashboardViewPage />,
                ...titled('Dashboard'),
              },
              {
                path: 'dashboards/delete/:id',
                element: <DashboardDeletePage />,
                ...titled('Remover dashboard'),
              },
              {
                path: 'service-accounts',
                element: <ServiceAccountsPage />,
                ...titled('Contas de serviço'),
              },
              {
                path: 'oauth2/callback',
                element: <OAuth2CallbackPage />,
                ...titled('Autorização de conta de serviço'),
              },
              { path: 'database/tables', element: <TablesListPage />, ...titled('Tabelas') },
              {
                path: 'database/tables/new',
                element: <TableFormPage />,
                ...titled('Nova tabela'),
              },
              {
                path: 'database/tables/edit/:tableId',
                element: <TableFormPage />,
                ...titled('Editar tabela'),
              },
              {
                path: 'database/tables/delete/:tableId',
                element: <TableDeletePage />,
                ...titled('Remover tabela'),
              },
              {
                path: 'database/entities/new/:tableId',
                element: <RecordFormPage />,
                ...titled('Novo registro'),
              },
              {
                path: 'database/entities/edit/:entityId',
                element: <RecordFormPage />,
                ...titled('Editar registro'),
              },
              {
                path: 'database/entities/:tableId',
                element: <RecordsListPage />,
                ...titled('Registros da tabela'),
              },
              {
                path: 'alert-rules',
                element: <AlertRulesListPage />,
                ...titled('Regras de alerta'),
              },
              {
                path: 'alert-rules/new',
                element: <AlertRuleEditorPage key="new" />,
                ...titled('Nova regra de alerta'),
              },
              {
                path: 'alert-rules/edit/:id',
                element: <AlertRuleEditorPage />,
                ...titled('Editar regra de alerta'),
              },
              {
                path: 'alert-rules/delete/:id',
                element: <AlertRuleDeletePage />,
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
