// The customer's searches above her pre-alerts (docs/product/first-mile.md#delivered-but-not-received):
// "lo estamos buscando" while the warehouse looks, and once it is not found the claim "Entregado
// por la tienda pero no está en mi casillero", opened with one tap with the carrier's evidence.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CLAIMS_PATH, PARCEL_SEARCH_LABELS as L, formatDate } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { getErrorMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useHighlight } from './highlight';

type Search = inferOutput<typeof trpc.parcelSearches.mine>[number];

/** `highlighted`: the search a notice's link names (?busqueda=), outlined and scrolled to. */
export function ParcelSearchNotices({ highlighted }: { highlighted?: string }) {
  const searches = useQuery(trpc.parcelSearches.mine.queryOptions());
  const open = useMutation(trpc.parcelSearches.openClaim.mutationOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const shown = (searches.data ?? []).filter((s) => s.status !== 'found');
  if (shown.length === 0) return null;

  const openClaim = async (id: string) => {
    try {
      const r = await open.mutateAsync({ id });
      notifySuccess(L.openClaim, r.message);
      await queryClient.invalidateQueries({ queryKey: trpc.parcelSearches.mine.queryKey() });
      await navigate({ to: CLAIMS_PATH, search: { id: r.claimId } });
    } catch (e) {
      notifyError(getErrorMessage(e));
    }
  };

  return (
    <Stack gap="sm" data-testid="parcel-searches">
      {shown.map((s) => (
        <SearchNotice
          key={s.id}
          search={s}
          highlighted={s.id === highlighted}
          opening={open.isPending}
          onOpenClaim={() => openClaim(s.id)}
        />
      ))}
    </Stack>
  );
}

function SearchNotice({
  search: s,
  highlighted,
  opening,
  onOpenClaim,
}: {
  search: Search;
  highlighted: boolean;
  opening: boolean;
  onOpenClaim: () => void;
}) {
  const mark = useHighlight<HTMLDivElement>(highlighted);
  return (
    <Alert
      {...mark}
      color={s.status === 'open' ? 'orange' : 'red'}
      title={s.status === 'open' ? L.customerSearching : L.customerNotFound}
    >
      <Stack gap={6}>
        <Text size="sm">
          <Text span ff="monospace">
            {s.trackingNumber}
          </Text>
          {` · ${s.carrier ?? ''} ${L.deliveredAt.toLowerCase()} ${formatDate(s.deliveredAt)}`}
          {s.deliveredLocation ? ` · ${s.deliveredLocation}` : ''}
          {s.proofSignedBy ? ` · ${L.signedBy}: ${s.proofSignedBy}` : ''}
        </Text>
        {s.proofPhotoUrl && (
          <Anchor size="sm" href={s.proofPhotoUrl} target="_blank" rel="noopener noreferrer">
            {L.photo}
          </Anchor>
        )}
        {s.status === 'not_found' && (
          <Group>
            {s.claimCode ? (
              <Text size="sm" fw={600}>
                {L.seeClaim}: {s.claimCode}
              </Text>
            ) : (
              <Button size="sm" color="red" loading={opening} onClick={onOpenClaim}>
                {L.openClaim}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
