// Which customs category a described item falls in (docs/product/customs.md#categories): keyword
// rules over the shared vocabulary (shared/src/vocabulary), read as the travel rules read a
// description: whole words, accents, case and punctuation ignored. The first category in
// CUSTOMS_CATEGORIES' order whose words name the item wins; nothing named it: 'other'.
import { DRONE_WORDS, LITHIUM_BATTERY_WORDS, PHONE_ACCESSORY_WORDS, PHONE_WORDS } from '../vocabulary/goods';
import { matchesWords } from '../vocabulary/words';
import { CUSTOMS_CATEGORIES, type CustomsCategory } from './rules';

type WordRule = { words: readonly string[]; exceptWords: readonly string[] };

/** The words of each category but 'other'. */
export const CUSTOMS_CATEGORY_WORDS: Record<Exclude<CustomsCategory, 'other'>, WordRule> = {
  // A case or a charger names the phone without being one: electronics or other, never a phone.
  phones: { words: PHONE_WORDS, exceptWords: PHONE_ACCESSORY_WORDS },
  supplements: {
    words: [
      'suplemento',
      'suplementos',
      'vitamina',
      'vitaminas',
      'multivitamínico',
      'proteína',
      'proteínas',
      'whey',
      'creatina',
      'colágeno',
      'omega 3',
    ],
    exceptWords: [],
  },
  cosmetics: {
    words: [
      'perfume',
      'perfumes',
      'colonia',
      'maquillaje',
      'cosmético',
      'cosméticos',
      'labial',
      'labiales',
      'crema',
      'cremas',
      'champú',
      'shampoo',
      'esmalte',
      'esmaltes',
      'desodorante',
      'protector solar',
      'sérum',
    ],
    exceptWords: [],
  },
  auto_parts: {
    words: [
      'repuesto',
      'repuestos',
      'autoparte',
      'autopartes',
      'pastillas de freno',
      'freno',
      'frenos',
      'bujía',
      'bujías',
      'filtro de aceite',
      'amortiguador',
      'amortiguadores',
      'kit de arrastre',
      'carburador',
      'radiador',
      'alternador',
      'caucho',
      'cauchos',
    ],
    exceptWords: [],
  },
  books: { words: ['libro', 'libros', 'revista', 'revistas', 'novela', 'novelas', 'enciclopedia'], exceptWords: [] },
  toys: {
    words: [
      'juguete',
      'juguetes',
      'muñeca',
      'muñecas',
      'peluche',
      'peluches',
      'lego',
      'rompecabezas',
      'carrito de juguete',
    ],
    exceptWords: [],
  },
  clothing: {
    words: [
      'ropa',
      'camisa',
      'camisas',
      'franela',
      'franelas',
      'blusa',
      'blusas',
      'pantalón',
      'pantalones',
      'jean',
      'jeans',
      'vestido',
      'vestidos',
      'chaqueta',
      'chaquetas',
      'suéter',
      'short',
      'shorts',
      'zapato',
      'zapatos',
      'zapatilla',
      'zapatillas',
      'sandalia',
      'sandalias',
      'bota',
      'botas',
      'calzado',
      'gorra',
      'gorras',
    ],
    exceptWords: [],
  },
  electronics: {
    words: [
      'laptop',
      'laptops',
      'computadora',
      'computadoras',
      'portátil',
      'tablet',
      'ipad',
      'monitor',
      'televisor',
      'cámara',
      'consola',
      'playstation',
      'xbox',
      'nintendo',
      'smartwatch',
      'reloj inteligente',
      'disco duro',
      'pendrive',
      'teclado',
      'mouse',
      'impresora',
      'router',
      'cargador',
      'cargadores',
      'cable',
      'audífonos',
      'parlante',
      'corneta',
      ...LITHIUM_BATTERY_WORDS,
      ...DRONE_WORDS,
    ],
    exceptWords: [],
  },
};

/** The customs category of an item by its description; 'other' when no category's words name it. */
export function categorizeItem(description: string): CustomsCategory {
  for (const category of CUSTOMS_CATEGORIES) {
    if (category === 'other') continue;
    if (matchesWords(description, CUSTOMS_CATEGORY_WORDS[category])) return category;
  }
  return 'other';
}
