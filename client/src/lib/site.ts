// Brand and the site configuration the public pages show (WhatsApp number, contact e-mails and
// phones): it comes from the server's configuration through `site.config`, never from code.
import { useQuery } from '@tanstack/react-query';
import { trpc } from './trpc';

export const BRAND_NAME = 'Casillero Virtual';

/** A route's `head`: the page's title in the browser tab, 'Envíos · Casillero Virtual'. */
export const pageHead = (title: string) => () => ({ meta: [{ title: `${title} · ${BRAND_NAME}` }] });

export const siteConfigQueryOptions = () => ({ ...trpc.site.config.queryOptions(), staleTime: Infinity });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
