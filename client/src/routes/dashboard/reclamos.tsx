// Reclamos (docs/product/claims.md): the customer opens a claim on a package (from Almacén) or a
// shipment (from its details), follows each claim's steps and answers what the desk asks.
// Built for a 390 px phone first: one column of cards.
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CLAIMS_TITLE,
  CLAIM_KINDS,
  CLAIM_KIND_LABELS,
  CLAIM_KIND_SUBJECTS,
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES as M,
  CLAIM_PHOTOS_PATH,
  CLAIM_WINDOW_START_LABELS,
  formatDate,
  type ClaimKind,
} from '@casillero/shared';
import { ClaimStatusBadge, ClaimView } from '../../components/claims/ClaimView';
import { useChangeToasts } from '../../components/forms/useInvalidate';
import { PhotoCapture, type CapturedPhoto } from '../../components/reception/PhotoCapture';
import { searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { RequestCard, RequestForm, RequestPage, useRequestSend } from './-components/RequestPage';
import { GrowingTextarea } from '../../components/forms/fields';

type Search = { id?: string; paquete?: string; envio?: string };

export const Route = createFileRoute('/dashboard/reclamos')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    id: searchUuid(search.id),
    paquete: searchUuid(search.paquete),
    envio: searchUuid(search.envio),
  }),
  head: pageHead(CLAIMS_TITLE),
  component: ClaimsPage,
});

const ids = (photos: CapturedPhoto[]) => photos.map(({ fileId, thumbFileId }) => ({ fileId, thumbFileId }));

function ClaimsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const list = useQuery(trpc.claims.mine.queryOptions());
  const opening = search.paquete || search.envio;
  return (
    <RequestPage
      title={M.title}
      description="Reclama un paquete perdido, dañado o incompleto y sigue cada paso."
      list={list}
      listLabel="Mis reclamos"
      empty={{ title: M.empty, text: 'Abre un reclamo desde un paquete en Almacén o desde el detalle de un envío.' }}
      itemLabel={(c) => `Reclamo ${c.code}`}
      item={(c) => ({
        lines: (
          <>
            <Text size="sm">{CLAIM_KIND_LABELS[c.kind]}</Text>
            <Text size="xs" c="dimmed">
              {c.subject} · {formatDate(c.createdAt)}
            </Text>
          </>
        ),
        badge: <ClaimStatusBadge status={c.status} />,
      })}
      onOpen={(id) => void navigate({ search: { id } })}
    >
      {opening && (
        <OpenClaimForm
          subject={search.paquete ? { packageId: search.paquete } : { shipmentId: search.envio! }}
          onOpened={(id) => void navigate({ search: { id } })}
          onCancel={() => void navigate({ search: {} })}
        />
      )}
      {search.id && <ClaimCard id={search.id} />}
    </RequestPage>
  );
}

function ClaimCard({ id }: { id: string }) {
  const detail = useQuery(trpc.claims.detail.queryOptions({ id }));
  return (
    <RequestCard testId="claim-detail" query={detail}>
      {(claim) => (
        <Stack gap="md">
          <ClaimView claim={claim} />
          {claim.status === 'waiting_customer' && <AnswerForm id={claim.id} />}
        </Stack>
      )}
    </RequestCard>
  );
}

function AnswerForm({ id }: { id: string }) {
  const { error, handlers } = useRequestSend(useChangeToasts(trpc.claims));
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const answer = useMutation(trpc.claims.answer.mutationOptions());
  return (
    <Stack gap="sm">
      <GrowingTextarea
        label="Tu respuesta"
        minRows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
      />
      <PhotoCapture value={photos} onChange={setPhotos} max={CLAIM_MAX_PHOTOS} uploadPath={CLAIM_PHOTOS_PATH} />
      <Button
        loading={answer.isPending}
        onClick={() =>
          answer.mutate(
            { id, text, photos: ids(photos) },
            handlers(() => {
              setText('');
              setPhotos([]);
            }),
          )
        }
      >
        Enviar respuesta
      </Button>
    </Stack>
  );
}

function OpenClaimForm({
  subject,
  onOpened,
  onCancel,
}: {
  subject: { packageId: string } | { shipmentId: string };
  onOpened: (id: string) => void;
  onCancel: () => void;
}) {
  const { error, handlers } = useRequestSend(useChangeToasts(trpc.claims));
  const settings = useQuery(trpc.claims.settings.queryOptions());
  const on = 'packageId' in subject ? 'package' : 'shipment';
  const kinds = CLAIM_KINDS.filter((k) => CLAIM_KIND_SUBJECTS[k].includes(on));
  const [kind, setKind] = useState<ClaimKind | null>(null);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const [carrierDeliveredOn, setCarrierDeliveredOn] = useState('');
  const [proof, setProof] = useState<CapturedPhoto[]>([]);
  const open = useMutation(trpc.claims.open.mutationOptions());

  return (
    <RequestForm
      title={M.open}
      error={error}
      submitLabel="Enviar reclamo"
      sending={open.isPending}
      disabled={!kind}
      onCancel={onCancel}
      onSubmit={() =>
        kind &&
        open.mutate(
          {
            kind,
            ...subject,
            text,
            photos: ids(photos),
            ...(kind === 'not_in_mailbox'
              ? {
                  carrierDeliveredOn: carrierDeliveredOn || undefined,
                  carrierProof: proof[0] ? ids(proof)[0] : undefined,
                }
              : {}),
          },
          handlers((r) => onOpened(r.id)),
        )
      }
    >
      <Select
        label="¿Qué pasó?"
        placeholder="Elige el tipo de reclamo"
        data={kinds.map((k) => ({ value: k, label: CLAIM_KIND_LABELS[k] }))}
        value={kind}
        onChange={(v) => setKind(v as ClaimKind | null)}
        allowDeselect={false}
      />
      {kind && settings.data && (
        <Text size="xs" c="dimmed">
          Plazo: {settings.data.windowDays[kind]} días {CLAIM_WINDOW_START_LABELS[kind]}.
        </Text>
      )}
      {kind === 'not_in_mailbox' && (
        <>
          <TextInput
            type="date"
            label="Fecha de entrega del transportista"
            value={carrierDeliveredOn}
            onChange={(e) => setCarrierDeliveredOn(e.currentTarget.value)}
          />
          <Text size="sm">Prueba de entrega del transportista</Text>
          <PhotoCapture value={proof} onChange={setProof} max={1} uploadPath={CLAIM_PHOTOS_PATH} />
        </>
      )}
      <GrowingTextarea
        label="Cuéntanos qué pasó"
        minRows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Text size="sm">Fotos (hasta {CLAIM_MAX_PHOTOS})</Text>
      <PhotoCapture value={photos} onChange={setPhotos} max={CLAIM_MAX_PHOTOS} uploadPath={CLAIM_PHOTOS_PATH} />
    </RequestForm>
  );
}
