import { createFileRoute } from '@tanstack/react-router';
import { PUBLIC_TRACKING_MESSAGES as M } from '@casillero/shared';
import { pageHead } from '../../lib/site';
import { TrackingLookup } from '../-components/tracking/TrackingResult';

/** A shareable link to one parcel's public answer: /rastreo/1Z999AA10123456784. */
export const Route = createFileRoute('/rastreo/$numero')({
  head: ({ params }) => pageHead(M.resultTitle(params.numero))(),
  component: TrackingNumberPage,
});

function TrackingNumberPage() {
  const { numero } = Route.useParams();
  return <TrackingLookup number={numero} />;
}
