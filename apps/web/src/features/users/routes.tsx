import { Navigate, useParams, type RouteObject } from 'react-router';
import { paths, redirectPaths, toPath } from '@brushline/shared/paths';

/** /profile/{login} opens the profile's home tab. */
function ProfileIndexRedirect() {
  const { login = '' } = useParams();
  return <Navigate to={toPath('profileHome', { login })} replace />;
}

/** Routes of this feature; app/router.tsx mounts them inside the shell. Each page loads on demand. */
export const usersRoutes: RouteObject[] = [
  { path: redirectPaths.profile, element: <ProfileIndexRedirect /> },
  {
    path: paths.profileHome,
    lazy: async () => ({ Component: (await import('./pages/profile-home-page.tsx')).ProfileHomePage }),
  },
  {
    path: paths.profileReviews,
    lazy: async () => ({ Component: (await import('./pages/profile-reviews-page.tsx')).ProfileReviewsPage }),
  },
  {
    path: paths.accountExport,
    lazy: async () => ({ Component: (await import('./pages/account-export-page.tsx')).AccountExportPage }),
  },
  { path: redirectPaths.settings, element: <Navigate to={paths.settingsGeneral} replace /> },
  {
    lazy: async () => ({ Component: (await import('./pages/settings-layout.tsx')).SettingsLayout }),
    children: [
      {
        path: paths.settingsGeneral,
        lazy: async () => ({
          Component: (await import('./pages/settings-general-page.tsx')).SettingsGeneralPage,
        }),
      },
      {
        path: paths.settingsSocials,
        lazy: async () => ({
          Component: (await import('./pages/settings-socials-page.tsx')).SettingsSocialsPage,
        }),
      },
      {
        path: paths.settingsNotifications,
        lazy: async () => ({
          Component: (await import('./pages/settings-notifications-page.tsx')).SettingsNotificationsPage,
        }),
      },
      {
        path: paths.settingsPayouts,
        lazy: async () => ({
          Component: (await import('./pages/settings-payouts-page.tsx')).SettingsPayoutsPage,
        }),
      },
      {
        path: paths.settingsHiddenTags,
        lazy: async () => ({
          Component: (await import('./pages/settings-hidden-tags-page.tsx')).SettingsHiddenTagsPage,
        }),
      },
    ],
  },
];
