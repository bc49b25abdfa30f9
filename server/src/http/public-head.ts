// What a public page's HTML carries for search engines and link previews, written by the server
// because it needs the site's absolute URL (APP_URL), which one build does not know
// (docs/decisions/035-link-previews-and-not-found.md): the description, the canonical URL, the
// Open Graph and Twitter tags with the page's card (client/scripts/og-cards.mjs), and its
// structured data (JSON-LD): the organisation on every page, the FAQ on /contacto, the
// services on /servicios. WhatsApp's and the social networks' crawlers run no JavaScript:
// all of it is in the HTML the server sends.
import {
  BRAND_NAME,
  COMPRA_PAGE,
  FAQ_SECTIONS,
  OG_CARD,
  PUBLIC_PAGE_DESCRIPTIONS,
  SERVICE_LOCKERS,
  SITE_DESCRIPTION,
  SITE_LANG,
  SITE_OG_LOCALE,
  TRAVEL_RULES_V1,
  ogCardFile,
  pageTitle,
  travelRulesFaqLines,
  type PrerenderedPage,
  type PublicTravelRules,
} from '@casillero/shared';

const SCHEMA_ORG = 'https://schema.org';
const VENEZUELA = { '@type': 'Country', name: 'Venezuela' } as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A JSON-LD block: no `<` may close the element (a data block, which the CSP does not run). */
const jsonLdScript = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** `appUrl` + a path, as an absolute URL ('https://casillero.example/servicios'). */
export const absoluteUrl = (appUrl: string, path: string) => new URL(path, `${appUrl}/`).href;

const organizationId = (appUrl: string) => `${absoluteUrl(appUrl, '/')}#organizacion`;

/** The business, on every public page. */
export function organizationJsonLd(appUrl: string) {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Organization',
    '@id': organizationId(appUrl),
    name: BRAND_NAME,
    url: absoluteUrl(appUrl, '/'),
    logo: absoluteUrl(appUrl, '/icons/icon-512.png'),
    description: SITE_DESCRIPTION,
    areaServed: VENEZUELA,
  };
}

/**
 * The FAQ of /contacto, from the same sections the page renders (shared/src/content/faq.ts); the
 * answer on what may not travel lists the rules in effect, as the page does.
 */
export function faqJsonLd(travelRules: PublicTravelRules = TRAVEL_RULES_V1) {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'FAQPage',
    mainEntity: FAQ_SECTIONS.flatMap((section) =>
      section.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: {
          '@type': 'Answer',
          text: item.rules ? [item.answer, ...travelRulesFaqLines(travelRules)].join(' ') : item.answer,
        },
      })),
    ),
  };
}

/** The services /servicios shows: the two lockers and the assisted purchase. */
export function servicesJsonLd(appUrl: string) {
  const provider = { '@id': organizationId(appUrl) };
  const service = (name: string, description: string, path: string) => ({
    '@context': SCHEMA_ORG,
    '@type': 'Service',
    name,
    description,
    provider,
    areaServed: VENEZUELA,
    url: absoluteUrl(appUrl, path),
  });
  return [
    service(SERVICE_LOCKERS.usa.title, SERVICE_LOCKERS.usa.summary, '/cotizar'),
    service(SERVICE_LOCKERS.china.title, SERVICE_LOCKERS.china.summary, '/cotizar-china'),
    service(COMPRA_PAGE.title, COMPRA_PAGE.subtitle, '/compra-asistida'),
  ];
}

/** What a page's live queries answered when the server drew it (live-public-pages.ts). */
export type LiveAnswers = readonly (readonly [path: string, answer: unknown])[];

/** The tags a public page's `<head>` gets from the server. */
export function publicHead(page: PrerenderedPage, appUrl: string, answers: LiveAnswers = []): string {
  const url = absoluteUrl(appUrl, page.path);
  const title = pageTitle(page.path);
  const description = PUBLIC_PAGE_DESCRIPTIONS[page.path];
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;
  const structured: object[] = [organizationJsonLd(appUrl)];
  if (page.path === '/contacto') {
    const rules = answers.find(([path]) => path === 'site.travelRules')?.[1] as PublicTravelRules | undefined;
    structured.push(faqJsonLd(rules));
  }
  if (page.path === '/servicios') structured.push(...servicesJsonLd(appUrl));
  return [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', BRAND_NAME),
    meta('property', 'og:locale', SITE_OG_LOCALE),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', absoluteUrl(appUrl, `/${ogCardFile(page)}`)),
    meta('property', 'og:image:type', OG_CARD.type),
    meta('property', 'og:image:width', OG_CARD.width),
    meta('property', 'og:image:height', OG_CARD.height),
    meta('property', 'og:image:alt', title),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...structured.map(jsonLdScript),
  ].join('\n    ');
}

/**
 * A page's HTML with the server's head: the site's language on `<html>`, the tags before
 * `</head>` (a description the build left there goes: the server's is the one).
 */
export function withPublicHead(html: string, head: string): string {
  if (!html.includes('</head>')) throw new Error('La página no tiene </head>');
  return html
    .replace(/<html(\s[^>]*)?>/, (tag) =>
      /\slang="/.test(tag)
        ? tag.replace(/\slang="[^"]*"/, ` lang="${SITE_LANG}"`)
        : tag.replace('<html', `<html lang="${SITE_LANG}"`),
    )
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${head}\n  </head>`);
}
