import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** Opens a pre-alert's invoice (a stored file) through a short-lived signed link: the customer's card and the admin's details. */
export function InvoiceLink({ fileId, label = 'Ver factura' }: { fileId: string; label?: string }) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const open = async () => {
    setLoading(true);
    // Opened synchronously so the browser does not block it as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const link = await queryClient.fetchQuery({ ...trpc.files.link.queryOptions({ id: fileId }), staleTime: 0 });
      if (tab) tab.location.href = link.url;
      else window.location.href = link.url;
    } catch (error) {
      tab?.close();
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconFileInvoice size={14} />}
      loading={loading}
      onClick={() => void open()}
    >
      {label}
    </Button>
  );
}
