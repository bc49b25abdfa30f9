// Choosing the bank's CSV uploads it at once: the server reads it, refuses it whole with each
// error's line and column, or stores its credits (a movement already loaded is not stored again)
// and the screen opens it. The bar shows the upload's percentage (it can be cancelled), then the
// server's phase and count ("Aplicando… 1.000 de 5.000").
import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { RECONCILIATION_MESSAGES as M, STATEMENT_MAX_BYTES, STATEMENT_UPLOAD_PATH } from '@casillero/shared';
import { CsvUpload } from '../../../../components/forms/CsvUpload';
import { UploadProgress, useTrackedRequest } from '../../../../components/forms/UploadProgress';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { postWithProgress, UploadCancelled, UploadError } from '../../../../lib/files';
import { trpc, type AppRouter } from '../../../../lib/trpc';
import { RECONCILIATION_TEXTS as T } from './texts';

class StatementFileError extends Error {}

/** The answer of reconciliation.upload, which STATEMENT_UPLOAD_PATH calls and streams. */
type StatementUploaded = inferRouterOutputs<AppRouter>['reconciliation']['upload'];

/**
 * The file's text: UTF-8 (with or without its BOM) or, failing that, Windows-1252, the encoding of
 * a CSV saved by Excel on Windows (references and amounts are plain digits either way).
 */
async function readStatement(file: File): Promise<string> {
  if (file.size > STATEMENT_MAX_BYTES) throw new StatementFileError(M.fileTooLarge);
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function StatementUpload({ onUploaded }: { onUploaded: (statementId: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [uploaded, setUploaded] = useState<StatementUploaded | null>(null);
  // The file going up, then the server checking and storing its movements.
  const { track, progress, work, cancel } = useTrackedRequest();
  const invalidate = useInvalidate(trpc.reconciliation);

  async function choose(next: File | null) {
    setFile(next);
    setProblem(null);
    setUploaded(null);
    if (!next) return;
    setReading(true);
    try {
      const content = await readStatement(next);
      const result = await track((options) =>
        postWithProgress<StatementUploaded>(
          STATEMENT_UPLOAD_PATH,
          { fileName: next.name, content },
          T.uploadFailed,
          options,
        ),
      );
      setUploaded(result);
      await invalidate();
      onUploaded(result.statementId);
    } catch (error) {
      setProblem(
        error instanceof UploadCancelled
          ? M.uploadCancelled
          : error instanceof StatementFileError || error instanceof UploadError
            ? error.message
            : T.uploadFailed,
      );
    } finally {
      setReading(false);
      setFile(null);
    }
  }

  return (
    <Stack gap="sm">
      <CsvUpload
        words={T}
        icon={<IconFileSpreadsheet size={18} />}
        file={file}
        onChoose={(f) => void choose(f)}
        disabled={reading}
        busyText={reading ? T.reading : undefined}
        problem={problem}
        problemTestId="statement-error"
      />
      <UploadProgress progress={progress} work={work} cancel={cancel} />
      {uploaded && (
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} />}
          title={M.uploadedTitle}
          role="status"
          data-testid="statement-uploaded"
        >
          {uploaded.message}
        </Alert>
      )}
    </Stack>
  );
}
