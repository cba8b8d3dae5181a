import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { RegisterVerifyPage } from '../features/auth/pages/register-verify-page.tsx';
import { ResetChangePage } from '../features/auth/pages/reset-change-page.tsx';
import { ResetPage } from '../features/auth/pages/reset-page.tsx';
import { ResetVerifyPage } from '../features/auth/pages/reset-verify-page.tsx';
import { PrivacyEnPage } from '../features/legal/pages/privacy-en-page.tsx';
import { PrivacyRuPage } from '../features/legal/pages/privacy-ru-page.tsx';
import { TermsPage } from '../features/legal/pages/terms-page.tsx';
import { HomePage } from '../features/site/pages/home-page.tsx';
import { NotFoundPage } from '../features/site/pages/not-found-page.tsx';
import { ProfileHomePage } from '../features/users/pages/profile-home-page.tsx';
import { cardsRoutes } from '../features/cards/routes.tsx';
import { notificationsRoutes } from '../features/notifications/routes.tsx';
import { ordersRoutes } from '../features/orders/routes.tsx';
import { feedRoutes } from '../features/posts/routes.tsx';
import { settingsRoutes } from '../features/users/routes.tsx';
import { RouteError } from './route-error.tsx';
import { ShellLayout } from './shell-layout.tsx';

export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'register/verify', element: <RegisterVerifyPage /> },
      { path: 'reset', element: <ResetPage /> },
      { path: 'reset/verify', element: <ResetVerifyPage /> },
      { path: 'reset/change', element: <ResetChangePage /> },
      { path: 'policy/en', element: <PrivacyEnPage /> },
      { path: 'policy/ru', element: <PrivacyRuPage /> },
      { path: 'terms', element: <TermsPage /> },
      {
        path: 'profile/:login',
        children: [
          { index: true, element: <Navigate to="home" replace /> },
          { path: 'home', element: <ProfileHomePage /> },
        ],
      },
      ...feedRoutes,
      ...settingsRoutes,
      ...notificationsRoutes,
      ...cardsRoutes,
      ...ordersRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
