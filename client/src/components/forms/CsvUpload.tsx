// Choosing a CSV to upload (the manifest import, the bank statement): what its columns must be, the
// file field (busy while the file is read and checked) and why a file was refused. The screen reads
// and sends the file on choosing it; this is only what the staff member sees and chooses with.
import type { ReactNode } from 'react';
import { Alert, FileInput, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function CsvUpload({
  words,
  icon,
  file,
  onChoose,
  disabled,
  busyText,
  problem,
  problemTestId,
}: {
  /** The columns the file must have, the field's label and placeholder (the screen's messages). */
  words: { columnsHelp: ReactNode; fileLabel: string; filePlaceholder: string };
  icon: ReactNode;
  file: File | null;
  onChoose: (file: File | null) => void;
  disabled: boolean;
  /** Under the field while the file is read ('Leyendo el archivo…'); nothing otherwise. */
  busyText?: string;
  /** Why the file was refused, one error a line. */
  problem: string | null;
  problemTestId?: string;
}) {
  return (
    <>
      <Text size="sm" c="dimmed" maw={820}>
        {words.columnsHelp}
      </Text>
      <FileInput
        label={words.fileLabel}
        placeholder={words.filePlaceholder}
        accept=".csv,text/csv"
        value={file}
        onChange={onChoose}
        clearable
        leftSection={icon}
        maw={480}
        disabled={disabled}
        description={busyText}
      />
      {problem && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid={problemTestId}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {problem}
          </Text>
        </Alert>
      )}
    </>
  );
}
