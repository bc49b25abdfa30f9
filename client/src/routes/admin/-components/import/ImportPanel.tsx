// /admin/importar: choose a CSV, read the dry run (the counts, every error with its line and
// column, what happens to each row), then import it with one click. While the file goes up the
// bar shows its percentage and can cancel it; then the server's phase and count ("Comprobando
// filas… 2.000 de 10.000", "Aplicando… 3.000 de 10.000"). Choosing another file (the
// corrected one) starts over; nothing changes until "Importar", and the server re-checks the
// file then, so an import never trusts what this screen showed.
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCopy,
  IconDownload,
  IconFileImport,
  IconInbox,
  IconPackageImport,
  IconCircleCheck,
} from '@tabler/icons-react';
import {
  IMPORT_MESSAGES as M,
  formatDateTime,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ImportRowAction,
  formatDecimal,
} from '@casillero/shared';
import { StatCard } from '../../../../components/data-table';
import { CsvUpload } from '../../../../components/forms/CsvUpload';
import { UploadProgress, useTrackedRequest } from '../../../../components/forms/UploadProgress';
import { UploadCancelled, UploadError } from '../../../../lib/files';
import { downloadText } from '../../../../lib/download';
import { fetchPreview, ImportFileError, postImport, readCsvFile } from './preview';

const PAGE_SIZE = 50;
/** Errors listed at once above the rows (each row also shows its own). */
const ERRORS_SHOWN = 100;

type Filter = 'all' | 'errors' | 'receive' | 'unclaimed' | 'skipped';

function actionText(a: ImportRowAction): string {
  switch (a.kind) {
    case 'receive':
      return M.actionReceive(a.customerName, a.mailboxCode);
    case 'unclaimed':
      return M.actionUnclaimed;
    case 'alreadyReceived':
      return M.actionAlreadyReceived(a.warehouseReceipt);
    case 'duplicate':
      return M.actionDuplicate(a.firstLine);
    default:
      return M.actionError;
  }
}

const ACTION_COLOR: Record<ImportRowAction['kind'], string> = {
  receive: 'green',
  unclaimed: 'orange',
  alreadyReceived: 'gray',
  duplicate: 'gray',
  error: 'red',
};

const matches = (filter: Filter, r: ImportPreviewRow) =>
  filter === 'all' ||
  (filter === 'errors' && r.action.kind === 'error') ||
  (filter === 'receive' && r.action.kind === 'receive') ||
  (filter === 'unclaimed' && r.action.kind === 'unclaimed') ||
  (filter === 'skipped' && (r.action.kind === 'alreadyReceived' || r.action.kind === 'duplicate'));

/** What went wrong, as the person reads it: the file's or the server's text, a cancel said as such. */
function failure(error: unknown, fallback: string): string {
  if (error instanceof UploadCancelled) return M.uploadCancelled;
  return error instanceof ImportFileError || error instanceof UploadError ? error.message : fallback;
}

export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [resultFileName, setResultFileName] = useState('');
  // The file going up, then the server checking (and applying) its rows.
  const { track, progress, work, cancel } = useTrackedRequest();

  /** A new file: read it and ask for its dry run at once. */
  async function choose(next: File | null) {
    setFile(next);
    setPreview(null);
    setProblem(null);
    setResult(null);
    setCsv(null);
    setApplyError(null);
    if (!next) return;
    setChecking(true);
    try {
      const text = await readCsvFile(next);
      setCsv(text);
      setPreview(await track((options) => fetchPreview({ fileName: next.name, csv: text }, options)));
    } catch (error) {
      setProblem(failure(error, M.readFailed));
      if (error instanceof UploadCancelled) setFile(null);
    } finally {
      setChecking(false);
    }
  }

  async function runImport(skipErrors = false) {
    if (!file || !csv) return;
    setApplyError(null);
    setApplying(true);
    try {
      const done = await track((options) => postImport({ fileName: file.name, csv, skipErrors }, options));
      setResult(done);
      setResultFileName(file.name);
      setPreview(null);
      setFile(null);
      setCsv(null);
    } catch (error) {
      setApplyError(failure(error, M.applyFailed));
    } finally {
      setApplying(false);
    }
  }

  const toImport = preview ? preview.summary.receive + preview.summary.unclaimed : 0;
  const blocked = !preview || preview.errors.length > 0 || toImport === 0;
  // Rows with errors can be left aside when the file itself was read (no error of the whole file).
  const partial = Boolean(
    preview && preview.errors.length > 0 && toImport > 0 && preview.errors.every((e) => e.line !== null),
  );

  return (
    <Stack gap="lg">
      <CsvUpload
        words={M}
        icon={<IconFileImport size={18} />}
        file={file}
        onChoose={(f) => void choose(f)}
        disabled={checking || applying}
        busyText={checking ? M.checking : undefined}
        problem={problem}
      />
      {checking && <UploadProgress progress={progress} work={work} cancel={cancel} />}
      {result && <ImportDone result={result} fileName={resultFileName} />}
      {preview && (
        <PreviewView preview={preview}>
          {applyError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {applyError}
            </Alert>
          )}
          <Group>
            <Button
              leftSection={<IconPackageImport size={18} />}
              disabled={blocked}
              loading={applying}
              onClick={() => void runImport()}
            >
              {M.apply(toImport)}
            </Button>
            {preview.errors.length > 0 ? (
              <Text size="sm" c="red">
                {M.fixAndRetry}
              </Text>
            ) : toImport === 0 ? (
              <Text size="sm" c="dimmed">
                {M.nothingToApply}
              </Text>
            ) : null}
          </Group>
          {applying && <UploadProgress progress={progress} work={work} cancel={cancel} />}
          {partial && (
            <Group>
              <Text size="sm">{M.orGoodRowsOnly}</Text>
              <Button
                variant="light"
                leftSection={<IconPackageImport size={18} />}
                loading={applying}
                onClick={() => void runImport(true)}
              >
                {M.applyGoodRows(toImport)}
              </Button>
            </Group>
          )}
        </PreviewView>
      )}
    </Stack>
  );
}

function ImportDone({ result, fileName }: { result: ImportResult; fileName: string }) {
  const { rejectedCsv } = result;
  return (
    <Stack gap="sm">
      <Alert
        color="green"
        icon={<IconCircleCheck size={18} />}
        title={M.appliedTitle}
        role="status"
        data-testid="import-result"
      >
        {M.applied(result.received, result.unclaimed, result.skipped)}{' '}
        {result.customersNotified > 0 && M.customersNotified(result.customersNotified)}
      </Alert>
      {rejectedCsv && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={M.rejectedTitle(result.rejected)}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{M.rejectedHelp}</Text>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconDownload size={18} />}
              onClick={() => downloadText(M.rejectedFileName(fileName), rejectedCsv)}
            >
              {M.rejectedDownload}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function PreviewView({ preview, children }: { preview: ImportPreview; children: React.ReactNode }) {
  const [filter, setFilter] = useState<Filter>(preview.errors.length > 0 ? 'errors' : 'all');
  const [page, setPage] = useState(1);
  const rows = useMemo(() => preview.rows.filter((r) => matches(filter, r)), [preview, filter]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const { summary: s } = preview;

  return (
    <Stack gap="md" data-testid="import-preview">
      <Title order={3}>
        {M.summaryTitle}: {preview.fileName}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <StatCard label={M.summaryReceive} value={s.receive} icon={IconPackageImport} color="green" />
        <StatCard label={M.summaryUnclaimed} value={s.unclaimed} icon={IconInbox} color="orange" />
        <StatCard label={M.summaryAlreadyReceived} value={s.alreadyReceived} icon={IconCircleCheck} color="gray" />
        <StatCard label={M.summaryDuplicates} value={s.duplicates} icon={IconCopy} color="gray" />
        <StatCard label={M.summaryErrors} value={s.errors} icon={IconAlertTriangle} color="red" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {preview.delimiter === ';' ? M.delimiterSemicolon : preview.delimiter === ',' ? M.delimiterComma : ''}{' '}
        {preview.weightUnit === 'lb' ? M.weightUnitLb : M.weightUnitKg}{' '}
        {preview.ignoredColumns.length > 0 && M.ignoredColumns(preview.ignoredColumns.join(', '))}
      </Text>
      {preview.importedBefore && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {M.sameFileBefore(formatDateTime(preview.importedBefore))}
        </Alert>
      )}
      {preview.errors.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={M.errorsTitle(preview.errors.length)}
          data-testid="import-errors"
        >
          <List size="sm" spacing={2}>
            {preview.errors.slice(0, ERRORS_SHOWN).map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of the preview's first errors, never reordered
              <List.Item key={i}>{M.errorAt(e.line, e.column, e.message)}</List.Item>
            ))}
          </List>
          {preview.errors.length > ERRORS_SHOWN && (
            <Text size="sm">{M.errorsMore(preview.errors.length - ERRORS_SHOWN)}</Text>
          )}
        </Alert>
      )}
      {children}
      {preview.rows.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>{M.rowsTitle}</Title>
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => {
                setFilter(v as Filter);
                setPage(1);
              }}
              data={[
                { value: 'all', label: M.filterAll },
                { value: 'errors', label: M.filterErrors },
                { value: 'receive', label: M.filterReceive },
                { value: 'unclaimed', label: M.filterUnclaimed },
                { value: 'skipped', label: M.filterSkipped },
              ]}
            />
          </Group>
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder data-testid="import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.colLine}</Table.Th>
                  <Table.Th>{M.colTracking}</Table.Th>
                  <Table.Th>{M.colCarrier}</Table.Th>
                  <Table.Th>{M.colWeight}</Table.Th>
                  <Table.Th>{M.colDimensions}</Table.Th>
                  <Table.Th>{M.colAction}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td ff="monospace">{r.trackingNumber}</Table.Td>
                    <Table.Td>{r.carrier ?? '—'}</Table.Td>
                    <Table.Td>{r.weightKg === null ? '—' : formatDecimal(r.weightKg, { decimals: 2 })}</Table.Td>
                    <Table.Td>{r.dimensionsCm ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={ACTION_COLOR[r.action.kind]}
                        variant="light"
                        tt="none"
                        style={{ whiteSpace: 'normal', height: 'auto' }}
                      >
                        {actionText(r.action)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {M.noRows}
            </Text>
          )}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
        </Stack>
      )}
    </Stack>
  );
}
