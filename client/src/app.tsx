// The providers around the router, shared by the browser entry (main.tsx) and the build-time
// prerender (entry-server.tsx), so both render the same tree and the browser can hydrate it.
import { StrictMode, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Toasts } from './components/layout/Toasts';
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
      {/* The theme's CSS variables and responsive classes come with the entry's stylesheet
          (virtual:mantine-theme.css, vite.config.ts), not from a <style> the provider renders. */}
      <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
