// A claim as both sides read it (docs/product/claims.md): its status, the history of its steps,
// the customer's photos and the parcel's evidence, linked where it is kept (intake photos,
// weight, measures, WR, the pre-alert's invoice, the shipment's dates). The customer reads "tus
// fotos", the desk "fotos del cliente" (`audience`).
import { Anchor, Badge, Card, Divider, Group, Image, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  CLAIM_EVENT_LABELS,
  CLAIM_KIND_LABELS,
  CLAIM_MESSAGES as M,
  CLAIM_STATUS_LABELS,
  CLAIM_STATUS_STAFF_LABELS,
  SHIPMENT_STATUS_LABELS,
  formatDate,
  formatDateTime,
  formatUsdCents,
  formatVesCentimos,
  type ClaimStatus,
  formatKg,
  formatMeasures,
} from '@casillero/shared';
import { PackagePhotos } from '../PackagePhotos';
import type { trpc } from '../../lib/trpc';

export type ClaimDetail = inferOutput<typeof trpc.claims.detail>;
/** Who reads the claim: the customer it belongs to, or the claims desk. */
export type ClaimAudience = 'customer' | 'staff';

export const CLAIM_STATUS_COLORS: Record<ClaimStatus, string> = {
  open: 'blue',
  waiting_customer: 'orange',
  approved: 'green',
  partially_approved: 'teal',
  rejected: 'red',
};

export function ClaimStatusBadge({ status, audience = 'customer' }: { status: ClaimStatus; audience?: ClaimAudience }) {
  return (
    <Badge color={CLAIM_STATUS_COLORS[status]} variant="light">
      {(audience === 'staff' ? CLAIM_STATUS_STAFF_LABELS : CLAIM_STATUS_LABELS)[status]}
    </Badge>
  );
}

export function ClaimView({ claim, audience = 'customer' }: { claim: ClaimDetail; audience?: ClaimAudience }) {
  const isStaff = audience === 'staff';
  const decided = claim.status === 'approved' || claim.status === 'partially_approved' || claim.status === 'rejected';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={700} ff="monospace">
            {claim.code}
          </Text>
          <Text size="sm">{CLAIM_KIND_LABELS[claim.kind]}</Text>
          <Text size="xs" c="dimmed">
            {claim.subject} · {formatDateTime(claim.createdAt)}
          </Text>
        </Stack>
        <ClaimStatusBadge status={claim.status} audience={audience} />
      </Group>
      {decided && (
        <Card withBorder padding="sm" data-testid="claim-decision">
          {claim.payoutUsdCents != null && claim.payoutUsdCents > 0 && (
            <Text fw={600}>
              Acreditado: {formatUsdCents(claim.payoutUsdCents)}
              {claim.payoutVesCentimos != null && (
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  ({formatVesCentimos(claim.payoutVesCentimos)} al cambio de hoy)
                </Text>
              )}
            </Text>
          )}
          {claim.payoutUsdCents != null && claim.payoutUsdCents > 0 && (
            <Text size="sm" c="dimmed">
              {isStaff ? M.staffCreditNote : M.creditNote}
            </Text>
          )}
          {claim.decisionReason && <Text size="sm">{claim.decisionReason}</Text>}
        </Card>
      )}
      {claim.answerBy && !decided && (
        <Text size="sm" c="dimmed">
          {M.answerBy} {formatDateTime(claim.answerBy)}
        </Text>
      )}
      {claim.status === 'waiting_customer' && (
        <Text size="sm" c="orange">
          {M.paused}
        </Text>
      )}

      <Divider label={M.timeline} labelPosition="left" />
      <Timeline bulletSize={14} lineWidth={2} active={claim.events.length - 1}>
        {claim.events.map((e) => (
          <Timeline.Item key={e.id} title={CLAIM_EVENT_LABELS[e.kind]}>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.createdAt)}
            </Text>
            {e.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {e.body}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>

      {claim.photos.length > 0 && (
        <>
          <Divider label={isStaff ? M.staffPhotos : M.customerPhotos} labelPosition="left" />
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" aria-label="Fotos del reclamo">
            {claim.photos.map((p) => (
              <Anchor key={p.url} href={p.url} target="_blank" rel="noreferrer">
                <Image src={p.thumbUrl} alt="Foto del reclamo" radius="sm" h={80} fit="cover" />
              </Anchor>
            ))}
          </SimpleGrid>
        </>
      )}
      {claim.carrierProofUrl && (
        <Text size="sm">
          Entregado por el transportista el {claim.carrierDeliveredOn ? formatDate(claim.carrierDeliveredOn) : '—'} ·{' '}
          <Anchor href={claim.carrierProofUrl} target="_blank" rel="noreferrer">
            Ver prueba de entrega
          </Anchor>
        </Text>
      )}

      <Divider label={M.evidence} labelPosition="left" />
      <Stack gap="sm" aria-label={M.evidence}>
        {claim.evidence.parcels.map((p) => (
          <Card key={p.id} withBorder padding="sm">
            <Text size="sm" fw={600}>
              {p.description}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                p.warehouseReceipt ? `WR ${p.warehouseReceipt}` : null,
                p.trackingNumber,
                p.weightKg != null ? formatKg(p.weightKg) : null,
                p.dimensionsCm ? formatMeasures(p.dimensionsCm) : null,
                p.receivedDate ? `recibido el ${formatDate(p.receivedDate)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {p.photos.length > 0 && <PackagePhotos photos={p.photos} size={48} />}
            {p.invoiceUrl && (
              <Anchor size="sm" href={p.invoiceUrl} target="_blank" rel="noreferrer">
                Factura de la pre-alerta
              </Anchor>
            )}
          </Card>
        ))}
        {claim.evidence.shipment && (
          <Text size="sm">
            Envío {claim.evidence.shipment.code} · {SHIPMENT_STATUS_LABELS[claim.evidence.shipment.status]} · creado el{' '}
            {formatDate(claim.evidence.shipment.createdAt)}
            {claim.evidence.shipment.actualDelivery
              ? ` · entregado el ${formatDate(claim.evidence.shipment.actualDelivery)}`
              : ''}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
