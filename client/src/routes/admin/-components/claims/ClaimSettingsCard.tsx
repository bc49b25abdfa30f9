// The claims' settings (docs/product/claims.md): the window of each kind, the desk's answer time in
// business days and the share of the declared value an uninsured parcel may be paid. The insurance
// rule is the price list's (docs/product/price-lists.md). The administrator's (claims.settings); every change is audited.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Accordion, Button, SimpleGrid, Stack } from '@mantine/core';
import { CLAIM_KINDS, CLAIM_KIND_LABELS, claimSettingsInput, type ClaimKind } from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

/** The settings as typed: a field holds the text it cannot read until the schema refuses it. */
type Draft = {
  windowDays: Record<ClaimKind, DecimalValue>;
  answerBusinessDays: DecimalValue;
  uninsuredSharePercent: DecimalValue;
};

export function ClaimSettingsCard() {
  const canEdit = useCan('claims.settings');
  const current = useQuery({ ...trpc.claims.settings.queryOptions(), enabled: canEdit });
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (current.data) setDraft(structuredClone(current.data));
  }, [current.data]);
  const save = useMutation(trpc.claims.updateSettings.mutationOptions());
  const queryClient = useQueryClient();
  if (!canEdit || !draft) return null;
  const submit = () => {
    const checked = claimSettingsInput.safeParse(draft);
    if (!checked.success) return notifyError(checked.error.issues[0]?.message ?? getErrorMessage(checked.error));
    save.mutate(checked.data, {
      onSuccess: (r) => {
        notifySuccess(undefined, r.message);
        void queryClient.invalidateQueries({ queryKey: trpc.claims.settings.queryKey() });
      },
      onError: (e) => notifyError(getErrorMessage(e)),
    });
  };
  return (
    <Accordion variant="contained">
      <Accordion.Item value="settings">
        <Accordion.Control>Plazos y límites de los reclamos</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {CLAIM_KINDS.map((k) => (
                <DecimalInput
                  key={k}
                  kind="count"
                  label={`${CLAIM_KIND_LABELS[k]} (días)`}
                  value={draft.windowDays[k]}
                  onChange={(v) => setDraft({ ...draft, windowDays: { ...draft.windowDays, [k]: v } })}
                />
              ))}
              <DecimalInput
                kind="count"
                label="Días hábiles para responder"
                value={draft.answerBusinessDays}
                onChange={(v) => setDraft({ ...draft, answerBusinessDays: v })}
              />
              <DecimalInput
                kind="percent"
                label="Sin seguro: % del valor declarado"
                value={draft.uninsuredSharePercent}
                onChange={(v) => setDraft({ ...draft, uninsuredSharePercent: v })}
              />
            </SimpleGrid>
            <Button w="fit-content" loading={save.isPending} onClick={submit}>
              Guardar
            </Button>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
