/**
 * The link that opens a benchmark: `…/#bench=NAME`, optionally `&metric=PROFILE.KEY`. A fragment, so it works on
 * any static host and never reaches the server.
 */
export interface BenchLink {
  bench: string;
  metric: string | null;
}

export function parseBenchLink(hash: string): BenchLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const bench = params.get('bench');
  if (!bench) return null;
  return { bench, metric: params.get('metric') || null };
}

export function benchLink(bench: string, metric?: string | null): string {
  const params = new URLSearchParams({ bench });
  if (metric) params.set('metric', metric);
  return `#${params.toString().replace(/\+/g, '%20')}`;
}
