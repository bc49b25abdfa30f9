// The Spanish texts of Reportes y Analíticas (docs/product/admin-reports.md).
import { ESTIMATED_REVENUE_SHARE, REPORTS_TITLE } from './reports';

const share = `${Math.round(ESTIMATED_REVENUE_SHARE * 100)} %`;

export const REPORT_MESSAGES = {
  title: REPORTS_TITLE,
  subtitle: 'Indicadores del negocio por periodo, comparados con el periodo anterior de la misma duración.',
  periodLabel: 'Periodo',
  print: 'Imprimir',
  exported: (filename: string) => `Reporte exportado a ${filename}.`,
  loadFailed: 'No se pudo cargar el reporte. Inténtalo de nuevo.',
  exportFailed: 'No se pudo exportar el reporte. Inténtalo de nuevo.',
  // KPI cards
  totalRevenue: 'Ingresos Totales',
  totalRevenueHint: 'Pagos completados, histórico',
  users: 'Usuarios',
  packagesProcessed: 'Paquetes Procesados',
  shipmentsMade: 'Envíos Realizados',
  inPeriod: 'en el periodo',
  newInPeriod: 'nuevos en el periodo',
  noPrevious: 'sin datos en el periodo anterior',
  // Tables and charts
  topClients: 'Top 10 clientes',
  topClientsEmpty: 'No hay paquetes de clientes en este periodo',
  client: 'Cliente',
  packages: 'Paquetes',
  shipments: 'Envíos',
  revenue: 'Ingresos',
  estimatedRevenue: 'Ingreso estimado',
  estimatedRevenueFormula: (costPerPackage: string) =>
    `Ingreso estimado = ${share} del costo de envío promedio por paquete (${costPerPackage} en el periodo) × paquetes del cliente.`,
  trend: 'Tendencia de los últimos 6 meses',
  month: 'Mes',
  trackingDistribution: 'Trackings por estado',
  shipmentDistribution: 'Envíos por estado',
  distributionHint: 'Estado actual, independiente del periodo',
  distributionEmpty: 'Sin registros todavía',
  // Extra metrics
  metrics: 'Métricas adicionales',
  averageShippingCost: 'Costo promedio de envío',
  averageShippingCostHint: 'Por envío realizado en el periodo',
  averageCostPerPackage: 'Costo de envío por paquete',
  averageCostPerPackageHint: 'Costo de los envíos del periodo entre los paquetes enviados en él',
  packagesPerUser: 'Paquetes por usuario',
  packagesPerUserHint: 'Paquetes del periodo entre usuarios registrados',
  conversionRate: 'Tasa de conversión de envíos',
  conversionRateHint: 'Envíos entre paquetes del periodo',
} as const;
