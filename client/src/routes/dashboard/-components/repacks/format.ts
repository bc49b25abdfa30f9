const kg = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
/** Weights as the customer reads them: "0,9". */
export const formatKg = (n: number) => kg.format(n);
