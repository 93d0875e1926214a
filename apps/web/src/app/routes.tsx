import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AccountHomePage } from '../features/account/account-home-page';
import { AccountLayout } from '../features/account/account-layout';
import { AuthHandoffPage } from '../features/account/auth-handoff-page';
import { ProfilePage } from '../features/account/profile-page';
import { SignInPage } from '../features/account/sign-in-page';
import { SignOutPage } from '../features/account/sign-out-page';
import { UsersPage } from '../features/account/users-page';
import { WorkspacesPage } from '../features/account/workspaces-page';
import { FlowDeletePage } from '../features/flows/flow-delete-page';
import { FlowsListPage } from '../features/flows/flows-list-page';
import { GroupDeletePage } from '../features/groups/group-delete-page';
import { GroupFormPage } from '../features/groups/group-form-page';
import { GroupsListPage } from '../features/groups/groups-list-page';
import { ActiveExecutionsPage } from '../features/monitoring/active-executions-page';
import { CompletedExecutionsPage } from '../features/monitoring/completed-executions-page';
import { LogsPage } from '../features/monitoring/logs-page';
import { VariablesPage } from '../features/variables/variables-page';
import { NotFoundPage } from './not-found-page';
import { placeholderRoutes } from './placeholder-routes';
import { RequireSession } from './require-session';
import { SessionEvents } from './session-events';
import { AppShellLayout } from './shell/app-shell-layout';

/** The flow editor (React Flow, Monaco, Tiptap) loads on demand, apart from the rest of the app. */
const flowEditor = async () => ({
  Component: (await import('../features/flow-editor/flow-editor-page')).FlowEditorPage,
});

/** The route table of spec 1 §2.1 and spec 2 §2, plus the account panel under /conta. */
export const routes: RouteObject[] = [
  {
    element: <SessionEvents />,
    children: [
      { path: 'auth', element: <AuthHandoffPage /> },
      {
        path: 'conta',
        element: <AccountLayout />,
        children: [
          { path: 'entrar', element: <SignInPage /> },
          { path: 'sair', element: <SignOutPage /> },
          {
            element: <RequireSession />,
            children: [
              { index: true, element: <AccountHomePage /> },
              { path: 'perfil', element: <ProfilePage /> },
              { path: 'workspaces', element: <WorkspacesPage /> },
              { path: 'usuarios', element: <UsersPage /> },
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
              { path: 'flows', element: <FlowsListPage /> },
              { path: 'flows/new', lazy: flowEditor },
              { path: 'flows/delete/:id', element: <FlowDeletePage /> },
              { path: 'flows/:id', lazy: flowEditor },
              { path: 'groups', element: <GroupsListPage /> },
              { path: 'groups/new', element: <GroupFormPage /> },
              { path: 'groups/edit/:id', element: <GroupFormPage /> },
              { path: 'groups/delete/:id', element: <GroupDeletePage /> },
              { path: 'monitoring', element: <LogsPage /> },
              { path: 'monitoring/active', element: <ActiveExecutionsPage /> },
              { path: 'monitoring/completed', element: <CompletedExecutionsPage /> },
              { path: 'variables', element: <VariablesPage /> },
              ...placeholderRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
