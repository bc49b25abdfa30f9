// /admin-demo (spec: "content not shown"). We redirect instead of showing a tour with demo
// figures: the admin area is real and guarded, and a screen of invented figures would be
// sample data (docs/product/product-decisions.md#d4-nothing-runs-on-sample-data). The demo seed already gives a real demo administrator whose
// credentials the server prints at start-up, so the real panel is the demonstration.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isStaffRole } from '@casillero/shared';
import { fetchSessionUser } from '../lib/guards';

const ADMIN_DEMO_MESSAGE = 'Inicia sesión con una cuenta de administrador para ver el panel de administración.';

export const Route = createFileRoute('/admin-demo')({
  beforeLoad: async ({ context }) => {
    const user = await fetchSessionUser(context);
    if (isStaffRole(user?.role)) throw redirect({ to: '/admin', replace: true });
    if (user) throw redirect({ to: '/dashboard', replace: true });
    throw redirect({ to: '/login', search: { redirect: '/admin', message: ADMIN_DEMO_MESSAGE }, replace: true });
  },
});
