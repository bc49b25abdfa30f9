import { createCallerFactory, router } from './init';
import { authRouter } from './routers/auth';
import { mailboxesRouter } from './routers/mailboxes';
import { notificationsRouter } from './routers/notifications';
import { packagesRouter } from './routers/packages';
import { paymentsRouter } from './routers/payments';
import { prealertsRouter } from './routers/prealerts';
import { reportsRouter } from './routers/reports';
import { shipmentsRouter } from './routers/shipments';
import { trackingsRouter } from './routers/trackings';

export const appRouter = router({
  auth: authRouter,
  trackings: trackingsRouter,
  prealerts: prealertsRouter,
  mailboxes: mailboxesRouter,
  packages: packagesRouter,
  shipments: shipmentsRouter,
  payments: paymentsRouter,
  notifications: notificationsRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
