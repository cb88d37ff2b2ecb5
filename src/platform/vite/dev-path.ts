/** The dev server's side of a published folder: the path a GET or HEAD asks for below `/<folder>/`, wherever the page is. */
import type { IncomingMessage } from 'node:http';

export function publishedPath(req: IncomingMessage, folder: string): string | undefined {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const at = pathname.indexOf(`/${folder}/`);
  if (at < 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
  return pathname.slice(at + folder.length + 2);
}
