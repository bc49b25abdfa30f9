// Temporary: services/ship-requests.ts and services/fiscal/ still import these from './billing' (or
// '../billing'); once they import the files of this folder straight, as every other caller does,
// this file goes.
export { creditApprovedPayment } from './approved-payments';
export { issueInvoice, voidInvoice } from './invoices';
export { applyCredit, creditOnAccount, invoiceRemaining, lockLedger } from './ledger';
