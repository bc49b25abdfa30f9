// The people `npm run bench` seeds: names, phones and cédulas as SQL over a series `i`.
export const FIRST = [
  'María',
  'José',
  'Luis',
  'Ana',
  'Carlos',
  'Daniela',
  'Pedro',
  'Lucía',
  'Andrés',
  'Gabriela',
  'Jesús',
  'Valentina',
  'Miguel',
  'Camila',
  'Rafael',
  'Sofía',
  'Alejandro',
  'Isabel',
  'Fernando',
  'Paola',
];
export const LAST = [
  'González',
  'Rodríguez',
  'Pérez',
  'Hernández',
  'García',
  'Martínez',
  'López',
  'Ramírez',
  'Suárez',
  'Díaz',
  'Torres',
  'Rojas',
  'Morales',
  'Castillo',
  'Briceño',
  'Colmenares',
  'Quintero',
  'Zambrano',
  'Mendoza',
  'Salazar',
];
/** Each customer's phone and cédula, written as people write them (decision 026's searches). */
export const BENCH_PHONE = `'+58 41' || (2 + i % 3) || '-' || lpad(((i * 7919) % 10000000)::text, 7, '0')`;
export const BENCH_CEDULA = `'V-' || replace(to_char(10000000 + i, 'FM99,999,999'), ',', '.')`;

export const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
