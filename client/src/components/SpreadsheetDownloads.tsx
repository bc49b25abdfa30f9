// The two files of a table export (docs/product/formats.md#csv), each button saying which is
// which: Excel for a person at a spreadsheet, CSV for another program.
import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { SPREADSHEET_DOWNLOAD_LABELS, SPREADSHEET_FORMATS, type SpreadsheetFormat } from '@casillero/shared';

const LOOK = {
  xlsx: { variant: 'light', Icon: IconFileSpreadsheet },
  csv: { variant: 'subtle', Icon: IconDownload },
} as const;

type Common = { format: SpreadsheetFormat; size?: ButtonProps['size']; disabled?: boolean };

/** One export button: a link to the file, or an action that saves it (`onClick`). */
export function SpreadsheetDownloadButton(
  props: Common & ({ href: string } | { onClick: () => void; loading?: boolean }),
) {
  const { variant, Icon } = LOOK[props.format];
  const look = {
    size: props.size,
    variant,
    disabled: props.disabled,
    leftSection: <Icon size={props.size === 'xs' ? 14 : 16} />,
  };
  const label = SPREADSHEET_DOWNLOAD_LABELS[props.format];
  return 'href' in props ? (
    <Button component="a" href={props.href} download {...look}>
      {label}
    </Button>
  ) : (
    <Button onClick={props.onClick} loading={props.loading} {...look}>
      {label}
    </Button>
  );
}

/** Both files of an export, Excel first. */
export function SpreadsheetDownloads({
  href,
  size,
  disabled,
}: {
  href: (format: SpreadsheetFormat) => string;
  size?: ButtonProps['size'];
  disabled?: boolean;
}) {
  return SPREADSHEET_FORMATS.map((format) => (
    <SpreadsheetDownloadButton key={format} format={format} href={href(format)} size={size} disabled={disabled} />
  ));
}
