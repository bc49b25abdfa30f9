// Real-looking tracking numbers as scanners, customers and manifests write them, with the key
// each must give and the carrier its shape points to. The shared test checks trackingKey() and
// detectCarrier() on them; a server test runs the SQL tracking_key() over the same rows, so the
// TypeScript and database twins cannot drift apart.
import type { DetectedCarrier } from './tracking-number';

export type TrackingNumberExample = { raw: string; key: string; carrier: DetectedCarrier | null; note: string };

export const TRACKING_NUMBER_EXAMPLES: readonly TrackingNumberExample[] = [
  // USPS
  { raw: '9400111899223197428490', key: '9400111899223197428490', carrier: 'USPS', note: 'USPS IMpb, 22 dígitos' },
  { raw: '9400 1118 9922 3197 4284 90', key: '9400111899223197428490', carrier: 'USPS', note: 'USPS con espacios' },
  {
    raw: '42033166 9400111899223197428490',
    key: '9400111899223197428490',
    carrier: 'USPS',
    note: 'USPS con prefijo 420 + ZIP',
  },
  {
    raw: '420331661234 9400111899223197428490',
    key: '9400111899223197428490',
    carrier: 'USPS',
    note: 'USPS con prefijo 420 + ZIP+4',
  },
  { raw: '9205590164917312751089', key: '9205590164917312751089', carrier: 'USPS', note: 'USPS Priority Mail' },
  {
    raw: '4201013392055901649173127510 89',
    key: '9205590164917312751089',
    carrier: 'USPS',
    note: 'USPS Priority con prefijo de ruta',
  },
  { raw: 'ea 123 456 785 us', key: 'EA123456785US', carrier: 'USPS', note: 'USPS internacional (S10) en minúsculas' },
  // UPS
  { raw: '1Z879E930346834440', key: '1Z879E930346834440', carrier: 'UPS', note: 'UPS 1Z' },
  { raw: '1z 879e 930 346 834 440', key: '1Z879E930346834440', carrier: 'UPS', note: 'UPS en minúsculas con espacios' },
  { raw: '1Z-999-AA1-01-2345-6784', key: '1Z999AA10123456784', carrier: 'UPS', note: 'UPS con guiones' },
  // FedEx
  { raw: '986578788855', key: '986578788855', carrier: 'FedEx', note: 'FedEx Express, 12 dígitos' },
  { raw: '7905 3531 2317', key: '790535312317', carrier: 'FedEx', note: 'FedEx Express con espacios' },
  { raw: '0414 4176 0228 964', key: '041441760228964', carrier: 'FedEx', note: 'FedEx Ground, 15 dígitos' },
  {
    raw: '9611020987654312345672',
    key: '987654312345672',
    carrier: 'FedEx',
    note: 'FedEx Ground, código 96 de 22 dígitos',
  },
  { raw: '96 1102 0987654312345672', key: '987654312345672', carrier: 'FedEx', note: 'FedEx Ground 96 con espacios' },
  {
    raw: '1001921334250001000300779017972697',
    key: '779017972697',
    carrier: 'FedEx',
    note: 'FedEx Express, código de 34 dígitos',
  },
  {
    raw: '9622001900000000000000776632517510',
    key: '776632517510',
    carrier: 'FedEx',
    note: 'FedEx Ground GSN, 34 dígitos',
  },
  // Amazon
  { raw: 'TBA304912345678', key: 'TBA304912345678', carrier: 'Amazon', note: 'Amazon Logistics' },
  { raw: 'tba 3049 1234 5678', key: 'TBA304912345678', carrier: 'Amazon', note: 'Amazon en minúsculas con espacios' },
  // DHL
  { raw: '3318810025', key: '3318810025', carrier: 'DHL', note: 'DHL Express, 10 dígitos' },
  { raw: '33 1881 0025', key: '3318810025', carrier: 'DHL', note: 'DHL Express con espacios' },
  { raw: 'GM2951173225174494', key: 'GM2951173225174494', carrier: 'DHL', note: 'DHL eCommerce' },
  // What a scanner adds, and numbers of no known shape
  {
    raw: '\t1Z879E930346834440\r\n',
    key: '1Z879E930346834440',
    carrier: 'UPS',
    note: 'tabulador y salto de línea del lector',
  },
  {
    raw: '61299998820821171811',
    key: '61299998820821171811',
    carrier: null,
    note: 'FedEx SmartPost de 20 dígitos: forma ambigua',
  },
  { raw: 'LP00123456789CN', key: 'LP00123456789CN', carrier: null, note: 'paquete de China' },
  { raw: 'ñandú-123', key: 'AND123', carrier: null, note: 'letras fuera de A–Z se descartan' },
  { raw: '  ', key: '', carrier: null, note: 'vacío' },
];
