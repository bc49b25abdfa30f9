// Session checks for routes' beforeLoad. They read the same `auth.me` query the components
// read, through the router context, so the answer is fetched once.
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from './router-context';

export async function fetchSessionUser(context: RouterContext) {
  const { user } = await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions());
  return user;
}

/** Sign-in and sign-up pages: a signed-in visitor goes to the dashboard instead. */
export async function redirectIfSignedIn(context: RouterContext) {
  let user: Awaited<ReturnType<typeof fetchSessionUser>> = null;
  try {
    user = await fetchSessionUser(context);
  } catch {
    // Session unknown (server unreachable): show the page; its form will say what is wrong.
    return;
  }
  if (user) throw redirect({ to: '/dashboard', replace: true });
}

/** Guarded areas: no session sends the visitor to sign in, then back here. */
export async function requireUser(context: RouterContext, returnTo: string) {
  const user = await fetchSessionUser(context);
  if (!user) throw redirect({ to: '/login', search: { redirect: returnTo } });
  return user;
}
