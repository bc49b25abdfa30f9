// Configuración's "Avisos en este dispositivo" (docs/decisions/037-web-push.md): turns web push on
// or off for this browser, and lists the customer's devices that receive it. Which kinds of
// notice go by push is chosen in the channels' table beside e-mail and WhatsApp.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, PUSH_MESSAGES as M } from '@casillero/shared';
import { SectionCard } from '../../../components/layout/HeadingWithHint';
import { getErrorMessage } from '../../../lib/errors';
import { applicationServerKey, deviceName, pushRegistration, pushSupported } from '../../../lib/push';
import { trpc } from '../../../lib/trpc';

type HereState = { kind: 'checking' } | { kind: 'unsupported' } | { kind: 'ready'; endpoint: string | null };

export function PushDeviceCard() {
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.messaging.preferences.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.messaging.preferences.queryKey() });
  const subscribe = useMutation(trpc.messaging.subscribePush.mutationOptions({ onSettled: refresh }));
  const unsubscribe = useMutation(trpc.messaging.unsubscribePush.mutationOptions({ onSettled: refresh }));
  const [here, setHere] = useState<HereState>({ kind: 'checking' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const registration = pushSupported() ? await pushRegistration() : null;
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      if (live)
        setHere(registration ? { kind: 'ready', endpoint: subscription?.endpoint ?? null } : { kind: 'unsupported' });
    })();
    return () => {
      live = false;
    };
  }, []);

  const devices = prefs.data?.pushDevices ?? [];
  // Subscribed in the browser and known to the server: a browser the server forgot (the push
  // service said it was gone) offers to turn on again.
  const onHere = here.kind === 'ready' && here.endpoint !== null && devices.some((d) => d.endpoint === here.endpoint);

  async function enable() {
    setProblem(null);
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setProblem(M.denied);
        return;
      }
      const registration = await pushRegistration();
      if (!registration) {
        setProblem(M.unavailable);
        return;
      }
      const { publicKey } = await queryClient.fetchQuery(trpc.messaging.pushKey.queryOptions());
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      });
      const json = subscription.toJSON();
      const result = await subscribe.mutateAsync({
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        device: deviceName(),
      });
      setHere({ kind: 'ready', endpoint: subscription.endpoint });
      notifications.show({ color: 'green', message: result.message });
    } catch (error) {
      setProblem(error instanceof DOMException ? M.unavailable : getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setProblem(null);
    setBusy(true);
    try {
      const registration = await pushRegistration();
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      const endpoint = subscription?.endpoint ?? (here.kind === 'ready' ? here.endpoint : null);
      await subscription?.unsubscribe();
      setHere({ kind: 'ready', endpoint: null });
      if (endpoint)
        notifications.show({ color: 'green', message: (await unsubscribe.mutateAsync({ endpoint })).message });
    } catch (error) {
      setProblem(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard id="avisos-dispositivo" title={M.title} hint={M.hint}>
      {here.kind === 'unsupported' ? (
        <Alert color="gray" variant="light">
          {M.unsupported}
        </Alert>
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{onHere ? M.enabledHere : M.devices(devices.length)}</Text>
          {onHere ? (
            <Button
              variant="default"
              leftSection={<IconBellOff size={18} />}
              loading={busy}
              onClick={() => void disable()}
            >
              {M.disable}
            </Button>
          ) : (
            <Button
              leftSection={<IconBell size={18} />}
              loading={busy || here.kind === 'checking'}
              onClick={() => void enable()}
            >
              {M.enable}
            </Button>
          )}
        </Group>
      )}
      {problem && (
        <Alert color="orange" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {devices.length > 0 && (
        <List size="sm" spacing={4} aria-label="Dispositivos que reciben tus avisos">
          {devices.map((d) => (
            <List.Item key={d.endpoint}>
              <Group gap="xs">
                <Text size="sm">
                  {d.device} · desde {formatDateTime(d.since)}
                </Text>
                {here.kind === 'ready' && d.endpoint === here.endpoint && (
                  <Badge size="sm" variant="light">
                    Este dispositivo
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
