// The texts every rule book dated to the instant shares (the travel rules, the customs rules):
// its versions' screen, scheduling one and cancelling it. Each book adds its own title and words.

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-VE', {
    timeZone: 'America/Caracas',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));

export const RULE_VERSION_MESSAGES = {
  scheduled: 'Versiones programadas',
  noScheduled: 'No hay versiones programadas.',
  history: 'Historial',
  version: (n: number) => `Versión ${n}`,
  effectiveAt: 'Vigente desde',
  at: (iso: string) => dateTime(iso),
  createdBy: 'Creada por',
  cancelled: 'Cancelada',
  cancel: 'Cancelar versión',
  cancelTitle: 'Cancelar versión programada',
  cancelConfirm: (n: number, iso: string) =>
    `¿Cancelar la versión ${n}, que entraría en vigencia el ${dateTime(iso)}? Nunca se aplicará.`,
  cancelledOk: (n: number) => `Versión ${n} cancelada.`,
  startNow: 'Desde ahora',
  startOn: 'Desde el día',
  startDay: 'Día en que entra en vigencia',
  save: 'Guardar versión',
  created: (n: number, iso: string) => `Versión ${n} guardada: vigente desde ${dateTime(iso)}.`,
  startInPast:
    'La nueva versión no puede empezar en el pasado: para que rija hoy elige «Desde ahora», o un día a partir de mañana.',
  sameStart: (iso: string) =>
    `Ya hay una versión que entra en vigencia el ${dateTime(iso)}. Cancélala antes o elige otra fecha.`,
  tooFar: 'La fecha de vigencia no puede estar a más de un año.',
  dayRequired: 'Indica el día en que entra en vigencia.',
  alreadyInEffect: 'Esa versión ya entró en vigencia: no se puede cancelar. Guarda una nueva.',
  alreadyCancelled: 'Esa versión ya estaba cancelada.',
} as const;
