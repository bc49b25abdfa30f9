// Brand and the site configuration the public pages show (WhatsApp number, contact e-mails and
// phones): it comes from the server's configuration through `site.config`, never from code.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_INSURANCE_RULE, type InsuranceRule } from '@casillero/shared';
import { trpc } from './trpc';

export const BRAND_NAME = 'Casillero Virtual';

/** What the site is, for search results and link previews of pages without their own text. */
export const SITE_DESCRIPTION = 'Casilleros en Miami y Beijing, envíos a Venezuela y cursos de importación digital.';

/**
 * A route's `head`: the page's title in the browser tab ('Envíos · Casillero Virtual'), its
 * description and the Open Graph tags of a link preview. `fullTitle` replaces the pattern.
 */
export const pageHead =
  (title: string, description: string = SITE_DESCRIPTION, { fullTitle = false } = {}) =>
  () => {
    const text = fullTitle ? title : `${title} · ${BRAND_NAME}`;
    return {
      meta: [
        { title: text },
        { name: 'description', content: description },
        { property: 'og:title', content: text },
        { property: 'og:description', content: description },
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: BRAND_NAME },
        { property: 'og:locale', content: 'es_VE' },
      ],
    };
  };

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
