// The declared value and the shipment's insurance (docs/product/insurance.md): every text of the
// customer's confirmation in Acción requerida, of staff's correction and of the ship request's switch.

export const DECLARED_VALUE_LABELS = {
  /** The one name of packages.estimated_value_usd_cents on every screen. */
  field: 'Valor declarado',
  fieldUsd: 'Valor declarado (USD)',
  sectionItem: (label: string) => `Confirma el valor declarado del paquete ${label}`,
  intro:
    'Sin factura de la prealerta no sabemos cuánto vale tu paquete. Escribe el valor de la compra en USD: lo usamos para el seguro y los reclamos.',
  confirm: 'Confirmar valor',
} as const;

export const DECLARED_VALUE_MESSAGES = {
  confirmed: (label: string, amount: string) => `Valor declarado del paquete ${label}: ${amount}.`,
  notFound: 'Paquete no encontrado.',
  alreadyDeclared: 'Este paquete ya tiene un valor declarado: si no es correcto, escríbenos y lo corregimos.',
  notInWarehouse: 'Solo se confirma el valor de un paquete que está en el almacén.',
  valueMin: 'El valor declarado debe ser mayor que cero.',
  valueMax: 'El valor declarado no puede pasar de $100.000,00.',
  /** The ship request's refusal for a parcel without one. */
  shipBlocked: (label: string) =>
    `El paquete ${label} no tiene valor declarado: confírmalo en Acción requerida antes de enviarlo.`,
  /** Staff's 'Crear Envío' insured, with a parcel without one. */
  insureBlocked: (label: string) =>
    `El paquete ${label} no tiene valor declarado: escríbelo en Gestión de Paquetes antes de asegurar el envío.`,
} as const;

export const INSURANCE_LABELS = {
  switch: 'Asegurar envío',
  switchDescription: (rule: string) => `Seguro: ${rule}. Cubre hasta el valor declarado de los paquetes.`,
  line: 'Seguro',
  insuredValue: 'Valor asegurado',
  invoiceLine: (code: string, insured: string) => `Envío ${code}: seguro (valor asegurado ${insured})`,
  /** Staff's 'Crear Envío': the premium the switch adds, or why it cannot. */
  staffPremium: (premium: string, insured: string) => `Seguro: ${premium} (valor asegurado ${insured})`,
  staffMissingValues: (count: number) =>
    `${count === 1 ? 'Un paquete elegido no tiene' : `${count} paquetes elegidos no tienen`} valor declarado: no se puede asegurar.`,
} as const;

/** The most a customer may declare for one parcel, USD cents. */
export const DECLARED_VALUE_MAX_USD_CENTS = 100_000_00;
