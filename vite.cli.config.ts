// `npm run build:cli` (part of `npm run build` and `prepare`): the command line bundled for Node into build/cli/,
// which src/cli/bin.js (the package's bin) runs instead of compiling the TypeScript at every start. Dependencies stay external
// (node_modules) and are loaded only by the commands and judges that need them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Lists the bundled source files, so the bin can tell when a source is newer than the bundle. */
function sourceList(): Plugin {
  let outDir = '';
  return {
    name: 'csc-cli-sources',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const ids = [...this.getModuleIds()]
        .filter((id) => path.isAbsolute(id) && !id.includes('/node_modules/') && id.startsWith(root))
        .map((id) => path.relative(root, id).split(path.sep).join('/'))
        .sort();
      writeFileSync(path.join(outDir, 'sources.json'), JSON.stringify(ids, null, 1) + '\n');
    },
  };
}

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  plugins: [sourceList()],
  // Pure-JavaScript dependencies are bundled in: resolving and loading them file by file from node_modules took
  // about a third of a small run's start-up. Native and WebAssembly ones (onnxruntime-node, jieba-wasm,
  // @huggingface/tokenizers) stay external and load only when needed.
  ssr: { noExternal: ['papaparse', 'opencc-js', '@noble/hashes', 'jstat', 'cli-progress', 'string-width'] },
  build: {
    ssr: true,
    // Two levels below the root, like src/cli: paths such as '../../models/default' resolve the same from both.
    outDir: path.join(root, 'build/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
    rolldownOptions: {
      // The command line, and the thread a model judge loads and runs on (src/cli/threaded-model.ts starts it).
      input: { 'csc-studio': path.join(root, 'src/cli/main.ts'), 'model-thread': path.join(root, 'src/cli/model-thread.ts') },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
