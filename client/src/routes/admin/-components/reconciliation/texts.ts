// The texts of /admin/conciliacion that only this screen shows (the server's messages and the
// states' labels are in @casillero/shared: RECONCILIATION_MESSAGES, RECONCILIATION_STATE_LABELS).
export const RECONCILIATION_TEXTS = {
  title: 'Conciliación bancaria',
  intro:
    'Sube el estado de cuenta del banco en CSV y compara cada crédito con los pagos en bolívares que reportaron los clientes. Las coincidencias se aprueban en un solo paso.',
  columnsHelp:
    'Columnas (en la primera línea, en español o inglés): fecha / date (dd/mm/aaaa o aaaa-mm-dd), referencia / reference, descripción / concepto / description y monto / amount en Bs. («1.234,56», «1234,56» o «1234.56»). Separador «,» o «;». Los montos negativos son débitos y no se consideran. Subir de nuevo el mismo estado de cuenta no repite ningún movimiento.',
  fileLabel: 'Estado de cuenta (CSV)',
  filePlaceholder: 'Elige el archivo .csv',
  reading: 'Cargando…',
  readFailed: 'No se pudo leer el archivo.',
  uploadFailed: 'No se pudo cargar el estado de cuenta.',
  recentTitle: 'Estados de cuenta cargados',
  noStatements: 'Aún no se ha cargado ningún estado de cuenta.',
  open: 'Abrir',
  opened: 'Abierto',
  colFile: 'Archivo',
  colUploaded: 'Cargado',
  colBy: 'Por',
  colLines: 'Movimientos',
  colApproved: 'Aprobados',
  linesTitle: (fileName: string) => `Movimientos de ${fileName}`,
  colLine: 'Línea',
  colDate: 'Fecha',
  colReference: 'Referencia',
  colDescription: 'Descripción',
  colAmount: 'Monto Bs.',
  colState: 'Estado',
  colCustomer: 'Cliente',
  colReported: 'Monto reportado',
  difference: (amount: string) => `Diferencia: ${amount}`,
  noLines:
    'Este archivo no trajo movimientos nuevos: los que ya estaban cargados están en el estado de cuenta donde se cargaron primero.',
  approve: (n: number) => (n === 1 ? 'Aprobar 1 coincidencia' : `Aprobar ${n} coincidencias`),
  approveFailed: 'No se pudieron aprobar las coincidencias.',
  loadFailed: 'No se pudieron cargar los movimientos.',
} as const;
