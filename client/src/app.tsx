// The providers around the router, shared by the browser entry (main.tsx) and the build-time
// prerender (entry-server.tsx), so both render the same tree and the browser can hydrate it.
import { StrictMode, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { ClientRouter } from './router';
import { theme } from './theme';

type AppProps = {
  router: ClientRouter;
  queryClient: QueryClient;
  /** Called once the first render is committed (for a prerendered page: once it is hydrated). */
  onReady?: () => void;
};

export function App({ router, queryClient, onReady }: AppProps) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
