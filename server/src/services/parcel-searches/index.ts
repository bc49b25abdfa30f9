// "Entregado pero no recibido" (docs/product/first-mile.md#delivered-but-not-received).
export { getParcelSearchSettings, PARCEL_SEARCH_SETTINGS_KEY, setParcelSearchSettings } from './settings';
export { closeSearchesNotFound, closeSearchesReceivedElsewhere, openDueSearches, runParcelSearches } from './run';
export { addSearchNote, closeSearchesOnReceipt, markSearchFound } from './close';
export { openClaimFromSearch } from './claim';
