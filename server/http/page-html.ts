// The page the server sends: the app's template (index.html) filled in with the public configuration, the reader's
// language and direction, and, for a public page or a verified employer's, its head for link previews and search
// engines and the HTML the server rendered (docs/decisions/0051-public-pages-rendered-by-the-server.md).
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#shared/public-config.ts';
import { DEFAULT_LOCALE, LANGUAGE_PARAMETER, LOCALES, RTL_LOCALES, type Locale } from '#shared/locales.ts';
import { escapeMarkup } from '#shared/markup.ts';
import type { EmployerMeta, PageMeta } from '#shared/page-meta.ts';
import { pagePath } from './public-pages.ts';

const CONFIG_MARKER = '<!--public-config-->';
const ROOT_ELEMENT = '<div id="root"></div>';

/** What goes into a page besides the configuration. */
export interface PageParts {
  locale?: Locale;
  /** The product's languages the browser asks for (Accept-Language), when the visitor has not chosen one. */
  browserLanguages?: readonly Locale[];
  /** A public page's head: title, description, address, link preview. */
  head?: PageHead;
  /** A public page rendered by the server: the inside of the root element. */
  body?: string;
  /** The scripts it loads to hydrate beyond the app's own (its module, its texts): named at once, fetched together. */
  preloads?: readonly string[];
  /** The request carried no session: the app knows the visitor is signed out without asking. */
  signedOut?: boolean;
  /** A script loaded beside the app's own, run when it arrives (`/assets/…`): see client/src/warm-intl.ts. */
  beside?: string;
}

/**
 * Puts the configuration into the page as inert JSON (no inline script, so the CSP stays strict), and the reader's
 * language and direction on <html>, so the first paint is already right to left in Arabic and Urdu. The product's
 * languages the browser asks for go along (data-browser-languages), so the page can offer another one at once,
 * without a request; and whether the request had a session (data-signed-out), so a visitor's page asks no "who is
 * signed in" that can only answer 401.
 */
export function renderIndexHtml(template: string, config: PublicConfig, parts: PageParts = {}): string {
  const { locale = DEFAULT_LOCALE, browserLanguages = [], head: page, body, preloads = [], signedOut = false, beside } = parts;
  if (!template.includes(CONFIG_MARKER)) throw new Error(`index.html lacks the ${CONFIG_MARKER} marker`);
  if (body !== undefined && !template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  const languages = browserLanguages.length > 1 ? ` data-browser-languages="${browserLanguages.join(' ')}"` : '';
  const session = signedOut ? ' data-signed-out' : '';
  // The title as the page itself sets it once loaded ('{page} | {product}'), so it does not change under the reader.
  const title = page ? `${page.title} | ${config.productName}` : config.productName;
  const html = (body === undefined ? template : withAppCodeAtLowPriority(template))
    .replace(/<html[^>]*>/, `<html lang="${locale}" dir="${dir}"${languages}${session}>`)
    .replace(CONFIG_MARKER, () => `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>${beside ? `\n    <script type="module" async crossorigin fetchpriority="low" src="${escapeMarkup(beside)}"></script>` : ''}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeMarkup(title)}</title>`)
    // A function, so that nothing in the page is read as a replacement pattern ('$&').
    .replace(ROOT_ELEMENT, () => `<div id="root">${body ?? ''}</div>`)
    // Marked as the build marks the app's own (crossorigin), so the browser uses what it fetched.
    .replace('</head>', () => `${preloads.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeMarkup(file)}">\n  `).join('')}</head>`);
  if (!page) return html;
  const tags = [
    `<link rel="canonical" href="${escapeMarkup(page.url)}" />`,
    ...page.alternates.map(({ locale: language, url }) => `<link rel="alternate" hreflang="${language}" href="${escapeMarkup(url)}" />`),
    ...(page.alternates.length > 0 ? [`<link rel="alternate" hreflang="x-default" href="${escapeMarkup(page.defaultUrl)}" />`] : []),
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeMarkup(config.productName)}" />`,
    `<meta property="og:title" content="${escapeMarkup(title)}" />`,
    `<meta property="og:description" content="${escapeMarkup(page.description)}" />`,
    `<meta property="og:url" content="${escapeMarkup(page.url)}" />`,
    `<meta property="og:image" content="${escapeMarkup(page.image)}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta property="og:image:alt" content="${escapeMarkup(title)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
  ];
  return html
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeMarkup(page.description)}" />`)
    .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * A rendered page is painted from its markup and stylesheet: the app's code (the build's entry script and the files it
 * names beside it) only takes it over, so it is asked for after them, at low priority, like the page's own files. The
 * app's shell keeps it urgent: there the code is the page.
 */
function withAppCodeAtLowPriority(template: string): string {
  return template.replace(/<(script type="module"|link rel="modulepreload") crossorigin (src|href)=/g, '<$1 crossorigin fetchpriority="low" $2=');
}

/** What a public page says about itself in the head: for link previews and search engines. */
export interface PageHead {
  title: string;
  description: string;
  /** The address of the page in its language on the product's public URL (`/about?lang=ar`). */
  url: string;
  /** The page's address in each language, for search engines (hreflang). */
  alternates: { locale: Locale; url: string }[];
  /** The page's address without a language: the reader's (cookie, else Accept-Language). */
  defaultUrl: string;
  /** The link preview's picture in the reader's language (client/public/previews, drawn by `npm run previews`). */
  image: string;
}

/** The head of `path` in `locale`, when it is one of the public pages with texts of their own. */
export function pageHead(meta: PageMeta | undefined, locale: Locale, path: string, site: { publicUrl: string; productName: string }): PageHead | undefined {
  const page = pagePath(path);
  const texts = meta?.[locale]?.[page];
  if (!texts) return undefined;
  const fill = (text: string) => text.replaceAll('{{productName}}', site.productName);
  const origin = site.publicUrl.replace(/\/$/, '');
  const inLanguage = (language: Locale) => `${origin}${page}?${LANGUAGE_PARAMETER}=${language}`;
  return {
    title: fill(texts.title),
    description: fill(texts.description),
    url: inLanguage(locale),
    alternates: LOCALES.map((language) => ({ locale: language, url: inLanguage(language) })),
    defaultUrl: `${origin}${page}`,
    image: `${origin}/previews/${locale}.jpg`,
  };
}

/** What the head of a verified employer's page needs to know of the company (services/employers.ts). */
export interface EmployerSummary {
  companyName: string;
  verified: boolean;
  activeSubscription: boolean;
  suspended: boolean;
}

const EMPLOYER_PAGE = /^\/employers\/([^/]+)\/?$/;

/**
 * The head of a verified employer's page: its name, what our team checked, and the preview picture. Only verified
 * employers, whose pages the sitemap lists anyway: any other address tells nothing a guess could not.
 */
export async function employerHead(
  path: string,
  locale: Locale,
  site: { publicUrl: string; productName: string },
  texts: EmployerMeta | undefined,
  findEmployer: ((slug: string) => Promise<EmployerSummary | undefined>) | undefined,
): Promise<PageHead | undefined> {
  const slug = EMPLOYER_PAGE.exec(path)?.[1];
  if (!slug || !texts || !findEmployer) return undefined;
  let employer: EmployerSummary | undefined;
  try {
    employer = await findEmployer(decodeURIComponent(slug));
  } catch {
    return undefined;
  }
  if (!employer?.verified) return undefined;
  const said = texts[locale];
  const fill = (text: string) => text.replaceAll('{{productName}}', site.productName);
  const origin = site.publicUrl.replace(/\/$/, '');
  const url = `${origin}/employers/${slug}`;
  return {
    title: employer.companyName,
    description: fill(employer.suspended ? said.suspended : `${said.verified}. ${employer.activeSubscription ? said.subscribed : said.notSubscribed}`),
    url,
    alternates: [],
    defaultUrl: url,
    image: `${origin}/previews/${locale}.jpg`,
  };
}
