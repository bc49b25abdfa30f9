// Whether a tracking may leave the warehouse, read by the list and by its details (apart from
// the details' drawer, which loads when first opened).

/** Ready to ship with the shipping payment approved: it only waits to leave the warehouse. */
export const isDispatchAuthorised = (t: { status: string; dispatchAuthorizedAt: string | null }) =>
  t.status === 'ready_to_ship' && t.dispatchAuthorizedAt !== null;
