// The claims' settings (docs/product/claims.md): the window of each kind, the desk's answer time in
// business days and the share of the declared value an uninsured parcel may be paid. The insurance
// rule is the price list's (docs/product/price-lists.md). The administrator's (claims.settings); every change is audited.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Accordion, Button, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { CLAIM_KINDS, CLAIM_KIND_LABELS, type ClaimSettings } from '@casillero/shared';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

export function ClaimSettingsCard() {
  const canEdit = useCan('claims.settings');
  const current = useQuery({ ...trpc.claims.settings.queryOptions(), enabled: canEdit });
  const [draft, setDraft] = useState<ClaimSettings | null>(null);
  useEffect(() => {
    if (current.data) setDraft(structuredClone(current.data));
  }, [current.data]);
  const save = useMutation(trpc.claims.updateSettings.mutationOptions());
  const queryClient = useQueryClient();
  if (!canEdit || !draft) return null;
  const int = (v: string | number) => (typeof v === 'number' ? Math.round(v) : 0);
  return (
    <Accordion variant="contained">
      <Accordion.Item value="settings">
        <Accordion.Control>Plazos y límites de los reclamos</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {CLAIM_KINDS.map((k) => (
                <NumberInput
                  key={k}
                  label={`${CLAIM_KIND_LABELS[k]} (días)`}
                  min={1}
                  max={365}
                  allowDecimal={false}
                  value={draft.windowDays[k]}
                  onChange={(v) => setDraft({ ...draft, windowDays: { ...draft.windowDays, [k]: int(v) } })}
                />
              ))}
              <NumberInput
                label="Días hábiles para responder"
                min={1}
                max={30}
                allowDecimal={false}
                value={draft.answerBusinessDays}
                onChange={(v) => setDraft({ ...draft, answerBusinessDays: int(v) })}
              />
              <NumberInput
                label="Sin seguro: % del valor declarado"
                min={0}
                max={100}
                allowDecimal={false}
                value={draft.uninsuredSharePercent}
                onChange={(v) => setDraft({ ...draft, uninsuredSharePercent: int(v) })}
              />
            </SimpleGrid>
            <Button
              w="fit-content"
              loading={save.isPending}
              onClick={() =>
                save.mutate(draft, {
                  onSuccess: (r) => {
                    notifySuccess(undefined, r.message);
                    void queryClient.invalidateQueries({ queryKey: trpc.claims.settings.queryKey() });
                  },
                  onError: (e) => notifyError(getErrorMessage(e)),
                })
              }
            >
              Guardar
            </Button>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
