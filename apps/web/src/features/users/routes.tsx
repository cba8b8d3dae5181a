import { Navigate, type RouteObject } from 'react-router';
import { SettingsGeneralPage } from './pages/settings-general-page.tsx';
import { SettingsLayout } from './pages/settings-layout.tsx';
import { SettingsNotificationsPage } from './pages/settings-notifications-page.tsx';
import { SettingsSocialsPage } from './pages/settings-socials-page.tsx';

/** Routes of this feature; app/router.tsx mounts them inside the shell. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to="general" replace /> },
      { path: 'general', element: <SettingsGeneralPage /> },
      { path: 'socials', element: <SettingsSocialsPage /> },
      { path: 'notifications', element: <SettingsNotificationsPage /> },
    ],
  },
];
