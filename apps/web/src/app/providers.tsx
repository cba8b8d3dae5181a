import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { HubProvider } from '../lib/hub.tsx';
import { useWantedHosts } from '../lib/overlay-hosts.ts';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// Toasts and confirm dialogs are opened through global APIs (lib/toast.ts, lib/confirm.ts), so
// their hosts need not wrap the app: they render beside it, from the first time one is needed.
const NotificationsHost = lazy(async () => ({
  default: (await import('./overlay-hosts.tsx')).NotificationsHost,
}));
const ModalsHost = lazy(async () => ({ default: (await import('./overlay-hosts.tsx')).ModalsHost }));

function OverlayHosts() {
  const hosts = useWantedHosts();
  return (
    <Suspense fallback={null}>
      {hosts.has('notifications') && <NotificationsHost />}
      {hosts.has('modals') && <ModalsHost />}
    </Suspense>
  );
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <HubProvider>{children}</HubProvider>
        <OverlayHosts />
      </MantineProvider>
    </QueryClientProvider>
  );
}
