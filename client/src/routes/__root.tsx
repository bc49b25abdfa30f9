import { Box, Flex } from '@mantine/core';
import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { NotFound } from '../components/layout/NotFound';
import { PublicFooter } from '../components/layout/PublicFooter';
import { PublicHeader } from '../components/layout/PublicHeader';
import { SIGNED_IN_AREA } from '@casillero/shared';
import type { RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** The client and admin areas bring their own layouts; every other page gets the site's. */
function RootLayout() {
  const isAppArea = useRouterState({ select: (s) => SIGNED_IN_AREA.test(s.location.pathname) });

  if (isAppArea) {
    return (
      <>
        <HeadContent />
        <Outlet />
      </>
    );
  }
  return (
    <Flex direction="column" mih="100vh">
      <HeadContent />
      <PublicHeader />
      <Box component="main" flex={1}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Flex>
  );
}
