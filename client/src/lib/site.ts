// Brand and the public pages that a later issue builds. Until their routes exist they are
// reached with a plain link (a full page load), since the typed router Link refuses them.
export const BRAND_NAME = 'Casillero Virtual';

export const PLANNED_PAGES = {
  servicios: '/servicios',
  cursos: '/cursos',
  cotizar: '/cotizar',
  cotizarChina: '/cotizar-china',
  contacto: '/contacto',
} as const;
