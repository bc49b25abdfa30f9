import { useEffect, useState } from 'react';
import { FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '@casillero/shared';
import { checkFile } from '../../../../lib/files';

const ACCEPT = RECEIPT_CONTENT_TYPES.join(',');
const MAX_MB = RECEIPT_MAX_BYTES / (1024 * 1024);

/**
 * The receipt image: chosen with a file input, checked at once by its content (as the server
 * will check it again) and previewed.
 */
export function ReceiptInput({
  value,
  onChange,
  error,
  onProblem,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  /** The reason the chosen file cannot be used, or null. */
  onProblem: (problem: string | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  async function choose(file: File | null) {
    onChange(file);
    onProblem(file ? await checkFile(file, 'receipt') : null);
  }

  return (
    <Stack gap="xs">
      <FileInput
        label="Comprobante de pago"
        description={`Imagen JPEG, PNG o WebP de máximo ${MAX_MB} MB.`}
        placeholder="Selecciona la imagen del comprobante"
        accept={ACCEPT}
        leftSection={<IconPhoto size={16} />}
        value={value}
        onChange={(file) => void choose(file)}
        error={error}
        clearable
        withAsterisk
      />
      {preview && !error && (
        <Group gap="sm" align="flex-start">
          <Image
            src={preview}
            alt="Vista previa del comprobante"
            h={140}
            w="auto"
            maw={260}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
          />
          <Text size="xs" c="dimmed">
            {value?.name}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
