// The Spanish texts of number fields (docs/decisions/005): why a typed or pasted number was refused,
// and the question asked before saving a value far outside what its field usually holds.

export const NUMBER_MESSAGES = {
  unreadable: (text: string) =>
    `«${text}» no es un número que podamos leer. Escríbelo con coma decimal, por ejemplo 2,5.`,
  /** A lone "." or "," followed by three digits: a thousands dot (es-VE) or a decimal point. */
  ambiguous: (text: string, asWhole: string, asDecimal: string) =>
    `«${text}» puede leerse como ${asWhole} o como ${asDecimal}. Escribe ${asWhole} o ${asDecimal}.`,
  tooManyDecimals: (max: number) => `Admite hasta ${max} ${max === 1 ? 'decimal' : 'decimales'}.`,
  wholeOnly: 'Escribe un número entero, sin decimales.',
  confirmTitle: 'Revisa antes de guardar',
  /** `values`: each value as written, "250 kg" or "250 kg y 300 cm". */
  confirmQuestion: (values: string) => `¿Confirmas ${values}?`,
  confirmDetail: 'Está muy lejos de lo habitual para este campo. Si es correcto, guárdalo; si no, corrígelo.',
  confirmSave: 'Sí, guardar',
  confirmFix: 'Corregir',
} as const;
