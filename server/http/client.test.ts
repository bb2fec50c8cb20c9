import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { renderIndexHtml } from './page-html.ts';
import { browserLocales } from './locale.ts';

const config = {
  productName: 'Wazifa',
  supportEmail: 'support@wazifa.example',
  salesEmail: 'sales@wazifa.example',
  earlyAccessEnd: '2025-11-15',
  earlyAccessActive: false,
  earlyAccessFormUrl: '</script><script>alert(1)</script>',
  oidcProviderName: null,
  videoRecordSeconds: 90,
};

describe('renderIndexHtml', () => {
  it('embeds the configuration as inert JSON that cannot close its script element', () => {
    const html = renderIndexHtml('<head><title>x</title><!--public-config--></head>', config);
    expect(html).not.toContain('</script><script>');
    const json = /id="public-config">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual(config);
    expect(html).toContain('<title>Wazifa</title>');
  });

  it('names the scripts a rendered page loads to hydrate in its head, at low priority, and nothing without them', () => {
    const template = '<html><head><title>x</title><!--public-config-->\n  </head><body><div id="root"></div></body></html>';
    const html = renderIndexHtml(template, config, { body: '<h1>x</h1>', preloads: ['/assets/login-1.js', '/assets/auth-2.js'] });
    const head = /<head>.*<\/head>/s.exec(html)![0];
    expect([...head.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((match) => match[1])).toEqual(['/assets/login-1.js', '/assets/auth-2.js']);
    expect(renderIndexHtml(template, config, { body: '<h1>x</h1>' })).not.toContain('modulepreload');
  });

  it("asks for the app's own scripts at low priority on a rendered page, which paints without them, and not on the app's shell", () => {
    const template =
      '<html><head><title>x</title><!--public-config-->\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-2.js">\n<link rel="stylesheet" crossorigin href="/assets/index-3.css">\n  </head><body><div id="root"></div></body></html>';
    const rendered = renderIndexHtml(template, config, { body: '<h1>x</h1>' });
    expect(rendered).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script>');
    expect(rendered).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-2.js">');
    expect(rendered).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    const shell = renderIndexHtml(template, config);
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/react-2.js">');
  });

  it('loads the script named to go beside the app as soon as it arrives, and none when none is named', () => {
    const template = '<html><head><title>x</title><!--public-config-->\n  </head><body><div id="root"></div></body></html>';
    const html = renderIndexHtml(template, config, { beside: '/assets/warm-intl-1.js' });
    const head = /<head>.*<\/head>/s.exec(html)![0];
    expect([...head.matchAll(/<script type="module" async crossorigin fetchpriority="low" src="([^"]+)"><\/script>/g)].map((match) => match[1])).toEqual(['/assets/warm-intl-1.js']);
    expect(renderIndexHtml(template, config)).not.toContain('async');
  });

  it("gives a public page its title, description, address and link preview, escaped", () => {
    const template = '<head><meta name="description" content="The product." /><title>x</title><!--public-config--></head>';
    const html = renderIndexHtml(template, config, {
      head: {
        title: 'About "Us"',
        description: 'Work <in> the Gulf & more',
        url: 'https://wazifa.example/about?lang=en',
        alternates: [
          { locale: 'en', url: 'https://wazifa.example/about?lang=en' },
          { locale: 'ar', url: 'https://wazifa.example/about?lang=ar' },
        ],
        defaultUrl: 'https://wazifa.example/about',
        image: 'https://wazifa.example/previews/ar.jpg',
      },
    });
    expect(html).toContain('<title>About &#34;Us&#34; | Wazifa</title>');
    expect(html).toContain('<meta name="description" content="Work &#60;in&#62; the Gulf &#38; more" />');
    expect(html).not.toContain('The product.');
    expect(html).toContain('<link rel="canonical" href="https://wazifa.example/about?lang=en" />');
    expect(html).toContain('<link rel="alternate" hreflang="ar" href="https://wazifa.example/about?lang=ar" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://wazifa.example/about" />');
    expect(html).toContain('<meta property="og:title" content="About &#34;Us&#34; | Wazifa" />');
    expect(html).toContain('<meta property="og:description" content="Work &#60;in&#62; the Gulf &#38; more" />');
    expect(html).toContain('<meta property="og:url" content="https://wazifa.example/about?lang=en" />');
    expect(html).toContain('<meta property="og:image" content="https://wazifa.example/previews/ar.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // Another page keeps the product's own.
    expect(renderIndexHtml(template, config)).not.toContain('og:title');
  });

  it('puts a page the server rendered into the root element as it is, and says when the request had no session', () => {
    const template = '<html lang="en"><head><title>x</title><!--public-config--></head><body><div id="root"></div></body></html>';
    const html = renderIndexHtml(template, config, { locale: 'ar', body: '<h1>$& $1 من نحن</h1>', signedOut: true });
    expect(html).toContain('<html lang="ar" dir="rtl" data-signed-out>');
    expect(html).toContain('<div id="root"><h1>$& $1 من نحن</h1></div>');
    expect(renderIndexHtml(template, config)).toContain('<html lang="en" dir="ltr"><head>');
    expect(() => renderIndexHtml('<head><!--public-config--></head>', config, { body: '<h1>x</h1>' })).toThrow(/root/);
  });

  it('refuses a page without the marker', () => {
    expect(() => renderIndexHtml('<head></head>', config)).toThrow(/marker/);
  });
});

describe('the languages the browser asks for', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('are the product languages of Accept-Language, best first, until the visitor chooses one', () => {
    expect(browserLocales(request({ 'accept-language': 'en-US,hi;q=0.9' }))).toEqual(['en', 'hi']);
    expect(browserLocales(request({ 'accept-language': 'de-DE,ur-PK;q=0.5,en-GB;q=0.8,en;q=0.7' }))).toEqual(['en', 'ur']);
    expect(browserLocales(request({ 'accept-language': 'en-US,hi', cookie: 'wazifa.lang=en' }))).toEqual([]);
    expect(browserLocales(request({}))).toEqual([]);
  });

  it('go into the page when there is another one to offer', () => {
    const template = '<html lang="en"><head><title>x</title><!--public-config--></head></html>';
    expect(renderIndexHtml(template, config, { locale: 'en', browserLanguages: ['en', 'hi'] })).toContain('<html lang="en" dir="ltr" data-browser-languages="en hi">');
    expect(renderIndexHtml(template, config, { locale: 'ur', browserLanguages: ['ur'] })).toContain('<html lang="ur" dir="rtl">');
  });
});
