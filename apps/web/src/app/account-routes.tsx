import { Navigate, type RouteObject } from 'react-router';
import { AccountLayout } from '../features/account/account-layout';
import { SignInPage } from '../features/account/sign-in-page';
import { SignOutPage } from '../features/account/sign-out-page';
import { page } from './lazy-page';
import { RequireSession } from './require-session';
import { titled } from './route-title';

/** The account's pages, outside the app shell: an invitation's link, sign-in and /conta. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'convite/:token',
    element: <AccountLayout />,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/account/invitation-page'),
          (m) => m.InvitationPage,
        ),
        ...titled('Convite'),
      },
    ],
  },
  {
    path: 'conta',
    element: <AccountLayout />,
    children: [
      { path: 'entrar', element: <SignInPage />, ...titled('Entrar') },
      { path: 'sair', element: <SignOutPage />, ...titled('Sair') },
      {
        element: <RequireSession />,
        children: [
          {
            index: true,
            lazy: page(
              () => import('../features/account/account-home-page'),
              (m) => m.AccountHomePage,
            ),
            ...titled('Conta'),
          },
          {
            path: 'perfil',
            lazy: page(
              () => import('../features/account/profile-page'),
              (m) => m.ProfilePage,
            ),
            ...titled('Meu perfil'),
          },
          {
            path: 'workspaces',
            lazy: page(
              () => import('../features/account/workspaces-page'),
              (m) => m.WorkspacesPage,
            ),
            ...titled('Workspaces'),
          },
          {
            path: 'workspace',
            lazy: page(
              () => import('../features/account/workspace-settings-page'),
              (m) => m.WorkspaceSettingsPage,
            ),
            ...titled('Configurações do workspace'),
          },
          {
            path: 'usuarios',
            lazy: page(
              () => import('../features/account/users-page'),
              (m) => m.UsersPage,
            ),
            handle: { ...titled('Membros').handle, accountWide: true },
          },
          {
            path: 'auditoria',
            lazy: page(
              () => import('../features/account/audit-log-page'),
              (m) => m.AuditLogPage,
            ),
            handle: { ...titled('Auditoria').handle, accountWide: true },
          },
          // The security log lives in the audit log now (docs/adr/0107).
          {
            path: 'seguranca',
            element: <Navigate to="/conta/auditoria?categoria=security" replace />,
          },
          {
            path: 'login-unico',
            lazy: page(
              () => import('../features/account/sso-settings-page'),
              (m) => m.SsoSettingsPage,
            ),
            handle: { ...titled('Login único (SSO)').handle, accountWide: true },
          },
        ],
      },
    ],
  },
];
