import { describe, expect, it } from 'vitest';
import { renderIndexHtml } from './client.ts';

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

  it('refuses a page without the marker', () => {
    expect(() => renderIndexHtml('<head></head>', config)).toThrow(/marker/);
  });
});
