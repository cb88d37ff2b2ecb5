/**
 * What the site says about its default model, in both languages: the built card page (vite/site-models.ts) and
 * the app (Workspace, Run tab, dashboard note) share these words, so the warning reads the same everywhere.
 */
import type { ModelManifest } from '../core/embed/types.ts';

/** Manifest names of models that are lexical baselines, not neural encoders. */
export const LEXICAL_BASELINES: readonly string[] = ['csc-studio-lexical-zh'];

export function isLexicalBaseline(manifest: Pick<ModelManifest, 'name'> | undefined): boolean {
  return manifest?.name !== undefined && LEXICAL_BASELINES.includes(manifest.name);
}

/** The model card's file name in a published model folder (rendered from MODEL_CARD.md at build time). */
export const MODEL_CARD_PAGE = 'MODEL_CARD.html';

export const LEXICAL_NOTE = {
  en:
    'The default model is a lexical baseline (word vectors from dictionaries and word statistics), not a neural ' +
    'encoder. Its Eval-GCSC numbers are not comparable with those of the paper’s neural judges (Text2Vec, ' +
    'Sentence-Transformers, ChatGPT). To publish Eval-GCSC numbers, load a neural model folder (for example ' +
    'bge-small-zh-v1.5 or text2vec-base-chinese exported to ONNX) on the Workspace tab and calibrate its threshold ' +
    'on the Judge check tab.',
  zh:
    '默认模型是一个词汇基线模型（由词典和词频统计得到的词向量），不是神经网络编码器。用它算出的 Eval-GCSC 数值' +
    '不能与论文中神经网络评判器（Text2Vec、Sentence-Transformers、ChatGPT）的数值比较。若要发表 Eval-GCSC 数值，' +
    '请在“工作区”页加载一个神经网络模型文件夹（例如导出为 ONNX 的 bge-small-zh-v1.5 或 text2vec-base-chinese），' +
    '并在“评判器检验”页校准它的阈值。',
} as const;

/**
 * The default model's licence sentence in both languages (its manifest's `licence` is English prose); names of
 * works, licences and files stay as they are.
 */
export const LEXICAL_LICENCE = {
  en:
    'CC BY-SA 4.0 (derived from CC-CEDICT, CC BY-SA 4.0, and the open-gram language model of sunpinyin-data, CC BY-SA 3.0); ' +
    'also uses jieba dict.txt (MIT), Pangu synonyms from the npm package segment (MIT) and WordNet 3.0 (WordNet licence)',
  zh:
    'CC BY-SA 4.0（派生自 CC-CEDICT（CC BY-SA 4.0）和 sunpinyin-data 的 open-gram 语言模型（CC BY-SA 3.0））；' +
    '另使用 jieba 的 dict.txt（MIT）、npm 包 segment 中的盘古同义词（MIT）和 WordNet 3.0（WordNet 许可证）',
} as const;
