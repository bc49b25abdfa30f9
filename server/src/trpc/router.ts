import { createCallerFactory, router } from './init';
import { accountRouter } from './routers/account';
import { authRouter } from './routers/auth';
import { clientsRouter } from './routers/clients';
import { contactRouter } from './routers/contact';
import { siteRouter } from './routers/site';
import { filesRouter } from './routers/files';
import { mailboxesRouter } from './routers/mailboxes';
import { notificationsRouter } from './routers/notifications';
import { packagesRouter } from './routers/packages';
import { paymentsRouter } from './routers/payments';
import { prealertsRouter } from './routers/prealerts';
import { prealertMailRouter } from './routers/prealert-mail';
import { profileRouter } from './routers/profile';
import { repacksRouter } from './routers/repacks';
import { reportsRouter } from './routers/reports';
import { shipmentsRouter } from './routers/shipments';
import { trackingsRouter } from './routers/trackings';
import { auditRouter } from './routers/audit';
import { staffRouter } from './routers/staff';
import { receptionRouter } from './routers/reception';
import { parcelImportsRouter } from './routers/parcel-imports';
import { publicTrackingRouter } from './routers/public-tracking';
import { liveRouter } from './routers/live';
import { storageRouter } from './routers/storage';
import { firstMileRouter } from './routers/first-mile';
import { pricesRouter } from './routers/prices';
import { travelRulesRouter } from './routers/travel-rules';
import { customsRouter } from './routers/customs';
import { problemParcelsRouter } from './routers/problem-parcels';
import { pickupsRouter } from './routers/pickups';
import { messagingRouter } from './routers/messaging';
import { billingRouter } from './routers/billing';
import { fiscalRouter } from './routers/fiscal';
import { exchangeRatesRouter } from './routers/exchange-rates';
import { paymentMethodsRouter } from './routers/payment-methods';
import { reconciliationRouter } from './routers/reconciliation';
import { departuresRouter } from './routers/departures';
import { agenciesAdminRouter } from './routers/agencies-admin';
import { shipRequestsRouter } from './routers/ship-requests';
import { recipientsRouter } from './routers/recipients';
import { agenciesRouter } from './routers/agencies';
import { deliveryRouter } from './routers/delivery';
import { claimsRouter } from './routers/claims';
import { conversationsRouter } from './routers/conversations';
import { parcelSearchesRouter } from './routers/parcel-searches';
import { comprasRouter } from './routers/compras';
import { alliesRouter } from './routers/allies';
import { allyPortalRouter } from './routers/ally-portal';

export const appRouter = router({
  claims: claimsRouter,
  conversations: conversationsRouter,
  parcelSearches: parcelSearchesRouter,
  compras: comprasRouter,
  allies: alliesRouter,
  allyPortal: allyPortalRouter,
  auth: authRouter,
  site: siteRouter,
  contact: contactRouter,
  trackings: trackingsRouter,
  prealerts: prealertsRouter,
  prealertMail: prealertMailRouter,
  mailboxes: mailboxesRouter,
  packages: packagesRouter,
  shipments: shipmentsRouter,
  payments: paymentsRouter,
  notifications: notificationsRouter,
  reports: reportsRouter,
  files: filesRouter,
  repacks: repacksRouter,
  profile: profileRouter,
  account: accountRouter,
  clients: clientsRouter,
  staff: staffRouter,
  audit: auditRouter,
  reception: receptionRouter,
  parcelImports: parcelImportsRouter,
  publicTracking: publicTrackingRouter,
  live: liveRouter,
  storage: storageRouter,
  prices: pricesRouter,
  travelRules: travelRulesRouter,
  customs: customsRouter,
  problemParcels: problemParcelsRouter,
  pickups: pickupsRouter,
  messaging: messagingRouter,
  billing: billingRouter,
  fiscal: fiscalRouter,
  exchangeRates: exchangeRatesRouter,
  paymentMethods: paymentMethodsRouter,
  reconciliation: reconciliationRouter,
  departures: departuresRouter,
  agenciesAdmin: agenciesAdminRouter,
  shipRequests: shipRequestsRouter,
  recipients: recipientsRouter,
  agencies: agenciesRouter,
  delivery: deliveryRouter,
  firstMile: firstMileRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
