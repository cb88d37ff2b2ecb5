import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { defaultPrecacheExclude } from '../../src/platform/vite/service-worker.ts';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const read = (p: string) => readFileSync(root(p), 'utf8');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(root(path));
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('public/: the static site files', () => {
  test("_headers carries the page's own CSP and cross-origin isolation", () => {
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(read('index.html'))![1];
    const headers = read('public/_headers');
    expect(/Content-Security-Policy: (.+)/.exec(headers)![1]).toBe(meta);
    expect(headers).toContain('Cross-Origin-Opener-Policy: same-origin');
    expect(headers).toContain('Cross-Origin-Embedder-Policy: require-corp');
  });

  test('the web manifest installs: name, start URL, standalone, icons that exist at their sizes', () => {
    const manifest = JSON.parse(read('public/manifest.webmanifest')) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest).toMatchObject({ name: 'CSC Studio', start_url: './', display: 'standalone' });
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    for (const icon of manifest.icons) {
      if (icon.type === 'image/png') expect(pngSize(`public/${icon.src}`).join('x')).toBe(icon.sizes);
      else expect(read(`public/${icon.src}`)).toContain('<svg');
    }
  });

  test('index.html links the favicons and the manifest, and each is in public/', () => {
    const html = read('index.html');
    for (const href of ['favicon.svg', 'favicon.png', 'apple-touch-icon.png', 'manifest.webmanifest']) {
      expect(html).toContain(`href="./${href}"`);
      expect(readFileSync(root(`public/${href}`)).length).toBeGreaterThan(0);
    }
    expect(pngSize('public/favicon.png')).toEqual([32, 32]);
  });

  test('the service worker precaches the icons and manifest (offline, installable) but not host configuration', () => {
    for (const f of ['favicon.svg', 'favicon.png', 'manifest.webmanifest', 'icon-192.png', 'robots.txt']) expect(defaultPrecacheExclude(f)).toBe(false);
    expect(defaultPrecacheExclude('_headers')).toBe(true);
  });
});
