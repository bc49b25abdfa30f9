import { Container, Stack } from '@mantine/core';
import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { PUBLIC_TRACKING_MESSAGES as M } from '@casillero/shared';
import { PageHero } from '../components/public/PageHero';
import { publicPageHead } from '../lib/site';
import { TrackingSearchForm } from './-components/tracking/TrackingSearchForm';

/** Public tracking (docs/product/public-tracking.md): the search on the hero band, the answer or the help below it. */
export const Route = createFileRoute('/rastreo')({
  head: publicPageHead('/rastreo'),
  component: TrackingLayout,
});

function TrackingLayout() {
  const { numero } = useParams({ strict: false });
  return (
    <>
      <PageHero title={M.pageTitle} subtitle={M.pageSubtitle}>
        {/* A new number starts a new form: the field shows the number on screen. */}
        <TrackingSearchForm key={numero ?? ''} initialNumber={numero ?? ''} inverted />
      </PageHero>
      <Container size="md" py={{ base: 32, md: 48 }}>
        <Stack gap="lg">
          <Outlet />
        </Stack>
      </Container>
    </>
  );
}
