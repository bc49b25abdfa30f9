// The packages in the warehouse, as the warehouse received them: expected ones still pending,
// received ones with their WR number, weight, measures and shelf, and the ones that later went
// into a repack or a shipment. packages.ts records each through the package services.
import type { PackageStatus } from '@casillero/shared';
import type { DemoCustomer, DemoCustomers } from './context';
import type { DemoPrealerts } from './prealerts';
import type { DemoTrackings } from './trackings';

export type PackageKey =
  | 'mariaReceived'
  | 'mariaInWarehouse'
  | 'mariaShip1'
  | 'mariaShip2'
  | 'carlosProcessed'
  | 'carlosSecond'
  | 'joseShipped'
  | 'luisReceived'
  | 'luisShipped'
  | 'danielaShipped';

export type PackageSpec = {
  /** The name later parts use for it. */
  key?: PackageKey;
  customer: DemoCustomer;
  country: 'usa' | 'china';
  /** The package a converted pre-alert became (its intake is recorded here). */
  fromPrealert?: { packageId: string | null };
  trackingNumber: string | null;
  description: string;
  senderName: string;
  weightKg: number | null;
  dimensionsCm: string | null;
  /** Null: no pre-alert's invoice said it, so the customer confirms it in Acción requerida. */
  estimatedValueUsdCents: number | null;
  /** 'in_shipment' and 'shipped' are reached in shipments.ts; here such a package is received. */
  status: PackageStatus;
  notes?: string;
  createdDaysAgo: number;
  receivedDaysAgo?: number;
  receiptNumber?: number;
  warehouseLocation?: string;
  trackingId?: string;
  updatedDaysAgo?: number;
};

export function packageSpecs(c: DemoCustomers, p: DemoPrealerts, t: DemoTrackings): PackageSpec[] {
  return [
    {
      key: 'mariaReceived',
      customer: c.maria,
      country: 'usa',
      fromPrealert: p.mariaConverted,
      trackingNumber: p.mariaConverted.trackingNumber,
      description: p.mariaConverted.description,
      senderName: 'Amazon',
      weightKg: 0.9,
      dimensionsCm: '25x18x10',
      estimatedValueUsdCents: 6450,
      status: 'received',
      createdDaysAgo: 5,
      receivedDaysAgo: 5,
      receiptNumber: 131,
      warehouseLocation: 'A-1-05',
    },
    {
      key: 'mariaInWarehouse',
      customer: c.maria,
      country: 'usa',
      trackingNumber: '1Z999AA10198765430',
      description: 'Bolso de mano Michael Kors y billetera a juego',
      senderName: "Macy's",
      weightKg: 1.3,
      dimensionsCm: '35x25x15',
      estimatedValueUsdCents: 19800,
      status: 'in_warehouse',
      createdDaysAgo: 8.5,
      receivedDaysAgo: 8,
      receiptNumber: 127,
      warehouseLocation: 'A-2-11',
    },
    {
      key: 'mariaShip1',
      customer: c.maria,
      country: 'usa',
      trackingNumber: '9400111899223300112233',
      description: 'Ropa deportiva Under Armour: dos franelas y un short',
      senderName: 'Under Armour',
      weightKg: 1.1,
      dimensionsCm: '30x20x10',
      estimatedValueUsdCents: 7497,
      status: 'in_shipment',
      createdDaysAgo: 14.5,
      receivedDaysAgo: 14,
      receiptNumber: 119,
      warehouseLocation: 'B-1-03',
      updatedDaysAgo: 3,
    },
    {
      key: 'mariaShip2',
      customer: c.maria,
      country: 'usa',
      trackingNumber: 'TBA299887766554',
      description: 'Freidora de aire Ninja de 4 litros',
      senderName: 'Amazon',
      weightKg: 5.8,
      dimensionsCm: '40x35x35',
      estimatedValueUsdCents: 9999,
      status: 'in_shipment',
      notes: 'Caja original abollada en una esquina; el producto está en buen estado.',
      createdDaysAgo: 12.5,
      receivedDaysAgo: 12,
      receiptNumber: 122,
      warehouseLocation: 'B-2-07',
      updatedDaysAgo: 3,
    },
    // Two more in the warehouse and in no request, so María can ask for a consolidation herself.
    {
      customer: c.maria,
      country: 'usa',
      trackingNumber: '1Z999AA10155512345',
      description: 'Zapatos deportivos Nike Air Zoom Pegasus, talla 38',
      senderName: 'Nike',
      weightKg: 1.4,
      dimensionsCm: '35x24x13',
      estimatedValueUsdCents: 12999,
      status: 'received',
      createdDaysAgo: 2.5,
      receivedDaysAgo: 2,
      receiptNumber: 134,
      warehouseLocation: 'A-3-02',
    },
    {
      customer: c.maria,
      country: 'usa',
      trackingNumber: 'TBA301122334455',
      description: 'Set de sartenes antiadherentes T-fal de 3 piezas',
      senderName: 'Amazon',
      weightKg: 3.2,
      dimensionsCm: '45x30x15',
      estimatedValueUsdCents: 5999,
      status: 'in_warehouse',
      createdDaysAgo: 2.2,
      receivedDaysAgo: 1.5,
      receiptNumber: 135,
      warehouseLocation: 'A-3-04',
    },
    // Arrived without a pre-alert, so without a declared value: María sees "Confirma el valor
    // declarado" in Acción requerida (docs/product/insurance.md).
    {
      customer: c.maria,
      country: 'usa',
      trackingNumber: '1Z999AA10177788899',
      description: 'Audífonos inalámbricos Sony WH-CH520',
      senderName: 'Best Buy',
      weightKg: 0.6,
      dimensionsCm: '22x18x8',
      estimatedValueUsdCents: null,
      status: 'in_warehouse',
      createdDaysAgo: 6.5,
      receivedDaysAgo: 6,
      receiptNumber: 129,
      warehouseLocation: 'A-1-09',
    },
    {
      customer: c.maria,
      country: 'usa',
      trackingNumber: '1Z7X2Y580312312399',
      description: 'Lentes de sol Ray-Ban Aviator Classic',
      senderName: 'Ray-Ban',
      weightKg: null,
      dimensionsCm: null,
      estimatedValueUsdCents: 16300,
      status: 'pending',
      createdDaysAgo: 1,
    },
    {
      key: 'carlosProcessed',
      customer: c.carlos,
      country: 'usa',
      trackingNumber: '781209876543',
      description: 'Pantalla de repuesto para laptop HP de 15,6 pulgadas',
      senderName: 'eBay',
      weightKg: 1.6,
      dimensionsCm: '45x30x5',
      estimatedValueUsdCents: 5800,
      status: 'processed',
      createdDaysAgo: 10.5,
      receivedDaysAgo: 10,
      receiptNumber: 124,
      warehouseLocation: 'C-1-02',
      updatedDaysAgo: 2,
    },
    {
      key: 'carlosSecond',
      customer: c.carlos,
      country: 'usa',
      trackingNumber: t.carlosInWarehouse.trackingNumber,
      description: t.carlosInWarehouse.description,
      senderName: 'Amazon',
      weightKg: 2.4,
      dimensionsCm: '30x25x25',
      estimatedValueUsdCents: 4250,
      status: 'processed',
      createdDaysAgo: 5,
      receivedDaysAgo: 5,
      receiptNumber: 130,
      warehouseLocation: 'C-1-04',
      trackingId: t.carlosInWarehouse.id,
      updatedDaysAgo: 2,
    },
    {
      key: 'joseShipped',
      customer: c.jose,
      country: 'usa',
      trackingNumber: '1Z2V7A930312348877',
      description: 'Consola Nintendo Switch OLED con dos juegos',
      senderName: 'Best Buy',
      weightKg: 2.2,
      dimensionsCm: '35x25x15',
      estimatedValueUsdCents: 38999,
      status: 'shipped',
      createdDaysAgo: 32,
      receivedDaysAgo: 30,
      receiptNumber: 98,
      warehouseLocation: 'A-3-01',
      updatedDaysAgo: 26,
    },
    {
      customer: c.jose,
      country: 'china',
      trackingNumber: 'LP00593312874410',
      description: 'Repuestos para impresora 3D: boquillas, correas GT2 y motor paso a paso',
      senderName: 'AliExpress',
      weightKg: 2.9,
      dimensionsCm: '30x20x20',
      estimatedValueUsdCents: 8460,
      status: 'in_warehouse',
      createdDaysAgo: 46,
      receivedDaysAgo: 40,
      receiptNumber: 105,
      warehouseLocation: 'D-1-06',
    },
    {
      customer: c.ana,
      country: 'china',
      trackingNumber: 'YT2405881234567712',
      description: 'Lote de 40 franelas estampadas para reventa',
      senderName: 'Shein',
      weightKg: 6.5,
      dimensionsCm: '50x40x30',
      estimatedValueUsdCents: 16000,
      status: 'received',
      notes: 'Espera consolidación con el próximo pedido de la clienta (envío marítimo).',
      createdDaysAgo: 72,
      receivedDaysAgo: 70,
      receiptNumber: 71,
      warehouseLocation: 'D-2-03',
    },
    {
      key: 'luisReceived',
      customer: c.luis,
      country: 'usa',
      fromPrealert: p.luisConverted,
      trackingNumber: p.luisConverted.trackingNumber,
      description: p.luisConverted.description,
      senderName: 'Barnes & Noble',
      weightKg: 1.7,
      dimensionsCm: '28x22x12',
      estimatedValueUsdCents: 4597,
      status: 'received',
      createdDaysAgo: 34,
      receivedDaysAgo: 34,
      receiptNumber: 101,
      warehouseLocation: 'A-1-08',
    },
    {
      key: 'luisShipped',
      customer: c.luis,
      country: 'usa',
      trackingNumber: 'TBA287654321098',
      description: 'Juego de sábanas matrimoniales y dos almohadas viscoelásticas',
      senderName: 'Amazon',
      weightKg: 3.4,
      dimensionsCm: '45x35x25',
      estimatedValueUsdCents: 8990,
      status: 'shipped',
      createdDaysAgo: 102,
      receivedDaysAgo: 100,
      receiptNumber: 41,
      warehouseLocation: 'A-4-02',
      updatedDaysAgo: 97,
    },
    {
      customer: c.daniela,
      country: 'usa',
      trackingNumber: '772601234598',
      description: 'Cámara instantánea Fujifilm Instax Mini 12 con 40 películas',
      senderName: 'Amazon',
      weightKg: null,
      dimensionsCm: null,
      estimatedValueUsdCents: 11900,
      status: 'pending',
      createdDaysAgo: 2,
    },
    {
      key: 'danielaShipped',
      customer: c.daniela,
      country: 'usa',
      trackingNumber: '1Z8R4T610398712345',
      description: 'Chaqueta impermeable The North Face y guantes térmicos',
      senderName: 'The North Face',
      weightKg: 1.9,
      dimensionsCm: '36x24x14',
      estimatedValueUsdCents: 18000,
      status: 'shipped',
      createdDaysAgo: 158,
      receivedDaysAgo: 156,
      receiptNumber: 312,
      warehouseLocation: 'B-3-09',
      updatedDaysAgo: 152,
    },
  ];
}
