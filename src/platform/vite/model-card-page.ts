/** A model folder's MODEL_CARD.md as a self-contained page of the site (no script; the site's CSP allows inline style). */
import { escapeHtml, markdownToHtml } from './markdown.ts';

export interface CardPageOptions {
  /** The page title (the manifest's model name). */
  title: string;
  /** A short note shown first, in both languages (the lexical baseline's warning). */
  note?: { en: string; zh: string };
}

export function modelCardPage(markdown: string, options: CardPageOptions): string {
  const note = options.note
    ? `<aside class="note" aria-label="Summary"><p lang="en">${escapeHtml(options.note.en)}</p><p lang="zh-Hans">${escapeHtml(options.note.zh)}</p></aside>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · model card · CSC Studio</title>
<style>
body{font:16px/1.55 system-ui,"Noto Sans CJK SC","Microsoft YaHei",sans-serif;max-width:920px;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%;font-size:14px;margin:1rem 0;display:block;overflow-x:auto}th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}
code{background:#f3f3f3;padding:0 .2rem;border-radius:3px;word-break:break-word}
.note{border-left:5px solid #b35900;background:#fff4e5;padding:.5rem 1rem;margin:1rem 0}
a{color:#0b5cad}
</style>
</head>
<body>
<p><a href="../../">← CSC Studio</a></p>
${note}
<main>
${markdownToHtml(markdown)}
</main>
</body>
</html>
`;
}
