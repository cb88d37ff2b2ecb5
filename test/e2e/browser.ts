/**
 * Shared end-to-end harness: serves a built app (dist/) from a sub-path with a tiny node:http static server that
 * sends COOP/COEP headers, and drives Debian's Chromium through playwright-core (`npx playwright install` cannot
 * work here). Every browser gets a fresh profile, so no service worker or cache survives from an earlier run.
 *
 *   const app = await launchApp();            // serves dist/ at http://127.0.0.1:<port>/sub/path/
 *   const requests = app.collectRequests();   // every request the context makes, workers and service worker included
 *   const page = await app.openApp();         // index.html, waits for 'load'
 *   …
 *   expect(requests.offOrigin()).toEqual([]);
 *   await app.close();
 *
 * The API is shared with the app's e2e tests: keep it stable (add options, do not change meanings).
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';

export type { BrowserContext, Page } from 'playwright-core';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The build the tests serve: `CSC_E2E_DIST`, else tmp/e2e-dist/, which `npm run test:e2e` builds first (a test build:
 * the tiny models and the worker harness page included; `npm run build` writes dist/ without them). */
export const DEFAULT_DIST = process.env['CSC_E2E_DIST'] ? path.resolve(process.env['CSC_E2E_DIST']) : path.join(REPO_ROOT, 'tmp', 'e2e-dist');
export const DEFAULT_BASE_PATH = '/sub/path/';
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Headless Chromium exposes WebGPU through SwiftShader with this flag (and without --disable-gpu): slow. */
export const WEBGPU_FLAGS = ['--enable-unsafe-webgpu'];

// ---------------------------------------------------------------------------------------------------------------
// Static server

export interface StaticServerOptions {
  /** The folder to serve; default DEFAULT_DIST. */
  root?: string;
  /** The URL path it is served under, with leading and trailing '/'; default '/sub/path/'. */
  basePath?: string;
  /** Send COOP: same-origin and COEP: require-corp (so the page is crossOriginIsolated); default true. */
  crossOriginIsolation?: boolean;
}

export interface StaticServer {
  /** The app's URL, ending in '/': http://127.0.0.1:<port><basePath>. */
  readonly url: string;
  readonly origin: string;
  /** Requests the server answered, as paths (for asserting what was fetched, e.g. on a second visit). */
  readonly served: string[];
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
};

/** Serves `root` under `basePath` on 127.0.0.1 and a free port; anything outside basePath is a 404. */
export async function serveStatic(options: StaticServerOptions = {}): Promise<StaticServer> {
  const root = path.resolve(options.root ?? DEFAULT_DIST);
  const basePath = options.basePath ?? DEFAULT_BASE_PATH;
  if (!basePath.startsWith('/') || !basePath.endsWith('/')) throw new Error(`basePath must start and end with '/': ${basePath}`);
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html does not exist: build the app first (npm run test:e2e builds it)`);
  }
  const coi = options.crossOriginIsolation ?? true;
  const served: string[] = [];

  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    served.push(pathname);
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache' };
    if (coi) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
    }
    if (pathname === basePath.slice(0, -1)) {
      res.writeHead(301, { ...headers, Location: basePath }).end();
      return;
    }
    if (!pathname.startsWith(basePath) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, headers).end('not found');
      return;
    }
    let file = path.join(root, pathname.slice(basePath.length));
    if (!file.startsWith(root)) {
      res.writeHead(403, headers).end('forbidden');
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, headers).end('not found');
      return;
    }
    headers['Content-Type'] = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    headers['Content-Length'] = String(statSync(file).size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${basePath}`,
    origin,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Browser

export interface LaunchOptions extends StaticServerOptions {
  /** Add --enable-unsafe-webgpu (WebGPU through SwiftShader; slow). Default false. */
  webgpu?: boolean;
  /** More Chromium flags. */
  args?: string[];
  /** Serve an already running server instead of starting one (it is not closed by close()). */
  server?: StaticServer;
  /** Echo the pages' console and page errors to the test's stderr; default: when CSC_E2E_DEBUG is set. */
  echoConsole?: boolean;
}

export interface RequestLog {
  /** Every request URL seen so far, in order. */
  readonly urls: string[];
  /** URLs whose origin is not the app's (data: and blob: URLs belong to the page and are not counted). */
  offOrigin(): string[];
  /** URLs that failed (network error, blocked, aborted), with the failure text. */
  readonly failed: string[];
  stop(): void;
}

export interface AppBrowser {
  /** The app's URL, ending in '/'. */
  readonly url: string;
  readonly origin: string;
  readonly server: StaticServer;
  readonly context: BrowserContext;
  /** Console messages and page errors of every page opened, as "type: text". */
  readonly console: string[];
  /** Opens `url + relativePath` (default: the app's index) in a new page and waits for its load event. */
  openApp(relativePath?: string): Promise<Page>;
  /** Starts recording every request of the context: pages, dedicated workers and service workers. */
  collectRequests(): RequestLog;
  /** Emulates losing the network (the server keeps running): for offline / service-worker tests. */
  setOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Starts the static server (unless given one) and a headless Chromium with a fresh profile. */
export async function launchApp(options: LaunchOptions = {}): Promise<AppBrowser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} not found: apt-get install -y chromium`);
  const ownServer = !options.server;
  const server = options.server ?? (await serveStatic(options));
  const profile = mkdtempSync(path.join(tmpdir(), 'csc-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS, ...(options.webgpu ? WEBGPU_FLAGS : []), ...(options.args ?? [])],
      serviceWorkers: 'allow',
      timeout: 60_000,
    });
  } catch (e) {
    if (ownServer) await server.close();
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
  const consoleLines: string[] = [];
  const echo = options.echoConsole ?? Boolean(process.env['CSC_E2E_DEBUG']);
  const watch = (page: Page) => {
    page.on('console', (m: ConsoleMessage) => {
      const line = `${m.type()}: ${m.text()}`;
      consoleLines.push(line);
      if (echo) process.stderr.write(`[browser] ${line}\n`);
    });
    page.on('pageerror', (e: Error) => {
      const line = `pageerror: ${e.message}`;
      consoleLines.push(line);
      if (echo) process.stderr.write(`[browser] ${line}\n`);
    });
  };
  context.on('page', watch);
  context.pages().forEach(watch);

  const { origin } = server;
  return {
    url: server.url,
    origin,
    server,
    context,
    console: consoleLines,
    async openApp(relativePath = '') {
      const blank = context.pages().find((p) => p.url() === 'about:blank');
      const page = blank ?? (await context.newPage());
      await page.goto(new URL(relativePath, server.url).href, { waitUntil: 'load' });
      return page;
    },
    collectRequests() {
      const urls: string[] = [];
      const failed: string[] = [];
      const onRequest = (r: Request) => urls.push(r.url());
      const onFailed = (r: Request) => failed.push(`${r.url()} (${r.failure()?.errorText ?? 'failed'})`);
      context.on('request', onRequest);
      context.on('requestfailed', onFailed);
      return {
        urls,
        failed,
        offOrigin: () => urls.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin),
        stop() {
          context.off('request', onRequest);
          context.off('requestfailed', onFailed);
        },
      };
    },
    setOffline: (offline) => context.setOffline(offline),
    async close() {
      await context.close().catch(() => undefined);
      if (ownServer) await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Whether the page's navigator.gpu gives an adapter (Chromium here: SwiftShader, with WEBGPU_FLAGS). */
export async function hasWebGpuAdapter(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    return gpu ? (await gpu.requestAdapter()) !== null : false;
  });
}
