// Brand and the site configuration the public pages show (WhatsApp number, contact e-mails and
// phones): it comes from the server's configuration through `site.config`, never from code.
import { useQuery } from '@tanstack/react-query';
import {
  BRAND_NAME,
  DEFAULT_INSURANCE_RULE,
  SITE_DESCRIPTION,
  pageTitle,
  titleWithBrand,
  type InsuranceRule,
  type PublicPagePath,
} from '@casillero/shared';
import { trpc } from './trpc';

export { BRAND_NAME, SITE_DESCRIPTION };

/**
 * A route's `head`: the page's title in the browser tab ('Envíos · Casillero Virtual'), and the
 * site's description in place of the shell's (a page the server renders puts its own head where
 * the shell's was: server/src/http/signed-in-pages.ts).
 */
export const pageHead = (title: string) => () => ({
  meta: [{ title: titleWithBrand(title) }, { name: 'description', content: SITE_DESCRIPTION }],
});

/**
 * A public page's `head`: its title from shared/src/public-pages.ts. Its description and
 * link-preview tags (Open Graph, canonical URL, structured data) need the site's absolute URL,
 * which only the server knows: it writes them into the page's HTML (server/src/http/public-head.ts).
 */
export const publicPageHead = (path: PublicPagePath) => () => ({ meta: [{ title: pageTitle(path) }] });

export const siteConfigQueryOptions = () => ({ ...trpc.site.config.queryOptions(), staleTime: Infinity });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}

/**
 * The insurance rule of the calculators, the administrator's (docs/product/insurance.md); the
 * default (the same figures) until it arrives or when it cannot be read.
 */
export function useInsuranceRule(): InsuranceRule {
  const rule = useQuery({ ...trpc.site.insuranceRule.queryOptions(), staleTime: 5 * 60_000 });
  return rule.data ?? DEFAULT_INSURANCE_RULE;
}
