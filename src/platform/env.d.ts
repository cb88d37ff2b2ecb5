/** Set by vite.config.ts (`define`) from node_modules/jieba-wasm/package.json: segmenter ids name the version. */
declare const __JIEBA_WASM_VERSION__: string;
