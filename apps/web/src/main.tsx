import './app/mantine-styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadFirstScreen } from './app/first-screen.ts';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';

const queryClient = createQueryClient();

// A transition: React renders the first screen in short slices rather than one long task.
void loadFirstScreen(queryClient, window.location.pathname).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  }),
);
