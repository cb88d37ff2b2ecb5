/**
 * Messages from the core (core/messages.ts) in the page's language: a coded message is rendered from its code and
 * parameters; a message without a code, or with one this page does not know (a newer core), is shown in English.
 */
import {
  ENGLISH_MESSAGES,
  EQUAL_LENGTH_NEEDS,
  isMessageCode,
  listItems,
  type MessageCode,
  type MessageParams,
  type PrintedAsZero,
  type ZeroDivisionReason,
} from '../../../core/messages.ts';
import type { RunWarning } from '../../../core/report.ts';
import type { InputIssue } from '../../../core/types.ts';
import { getLang, type Lang } from './index.ts';
import { zh } from './zh.ts';

type Render = (p: MessageParams) => string;

const str = (p: MessageParams, k: string) => String(p[k]);
const n0 = (p: MessageParams, k: string) => (typeof p[k] === 'number' ? p[k].toLocaleString('zh-CN') : str(p, k));

const ZH_FIELDS: Record<string, string> = { id: '编号', source: '原句', reference: '参考答案', prediction: '预测', sentence: '句子' };
const field = (p: MessageParams) => ZH_FIELDS[str(p, 'field')] ?? str(p, 'field');

const ZH_NEEDS: Record<keyof typeof EQUAL_LENGTH_NEEDS, string> = {
  all: '原句、参考答案与预测等长',
  'prediction-source': '预测与原句等长',
  'reference-source': '参考答案与原句等长',
  'reference-and-source': '参考答案与原句等长',
};

const ZH_TYPES: Record<string, string> = { null: 'null', array: '数组', object: '对象', number: '数字', boolean: '布尔值' };

function zhBadCharacter(p: MessageParams): string {
  const what = p['kind'] === 'surrogate' ? '不成对的代理码元' : '控制字符';
  const first = `第 ${str(p, 'position')} 个字符处的${what} ${str(p, 'codePoint')}`;
  return Number(p['more']) > 0 ? `${first}（另有 ${n0(p, 'more')} 个）` : first;
}

const ZH_ZERO_DIVISION: Record<ZeroDivisionReason, string> = {
  'no-items': '没有任何条目（准确率的分母为 0）',
  'no-prediction-change': '没有任何预测改动了字符（P 的分母为 0）',
  'no-prediction-change-detection': '没有任何预测改动了字符（检错 P 的分母为 0）',
  'no-correction-at-error': '改动的字符都不在目标错误处（纠错 P 的分母为 0）',
  'no-reference-error': '没有任何参考答案与原句不同（R 的分母为 0）',
  'no-target-error': '没有任何目标含有错误（R 的分母为 0）',
};

const ZH_PRINTED_AS_ZERO: Record<PrintedAsZero, string> = {
  'no-prediction': '没有任何预测改动原句，因此 P（及 F1）输出 0.0 而不是“未定义”',
  'no-error': '没有任何参考答案与原句不同，因此 R（及 F1）输出 0.0 而不是“未定义”',
  'no-clean': '没有无错句，因此 sentence fpr 输出 0.0 而不是“未定义”',
};

/** A list parameter whose items are codes, each in Chinese (an unknown item as it came). */
function zhList(p: MessageParams, k: string, table: Record<string, string>, sep: string): string {
  return listItems(p, k)
    .map((item) => table[item] ?? item)
    .join(sep);
}

function zhLineOrderExamples(p: MessageParams): string {
  return Array.from({ length: Number(p['examples']) }, (_, i) => `第 ${str(p, `line${i + 1}`)} 行：“${str(p, `prediction${i + 1}`)}”，测试集为“${str(p, `test${i + 1}`)}”`).join('；');
}

/** The wrapped message (a code in params.inner, or its English text when it had none), in Chinese. */
function inner(p: MessageParams): string {
  const code = str(p, 'inner');
  return isMessageCode(code) ? ZH[code](p) : code;
}

/** An error type or slice family by its Chinese name (the key itself when there is none). */
const zhErrorType = (p: MessageParams) => zh.errorTypes.names[str(p, 'errorType')] ?? str(p, 'errorType');
const zhSliceFamily = (p: MessageParams) => zh.stats.sliceFamilies[str(p, 'family')] ?? str(p, 'family');

/** The nested reason (a code in params.reason), in Chinese. */
function nested(p: MessageParams): string {
  const reason = str(p, 'reason');
  return isMessageCode(reason) ? ZH[reason](p) : reason;
}

const ZH: Record<MessageCode, Render> = {
  'align.too-long': (p) =>
    `${n0(p, 'source')} 字与 ${n0(p, 'target')} 字的两段文本差异太大，无法在 ${n0(p, 'limit')} 个表格单元内对齐（至少需要 ${n0(p, 'cells')} 个）；请提高对齐单元上限（--max-align-cells）或拆分这一行`,
  'align.search-too-long': (p) =>
    `${n0(p, 'source')} 字与 ${n0(p, 'target')} 字的两段文本差异太大，无法对齐：换位搜索已走了 ${n0(p, 'steps')} 步，达到 ${n0(p, 'limit')} 个表格单元对应的上限；请提高对齐单元上限（--max-align-cells）或拆分这一行`,
  'row.left-out': (p) => `第 ${str(p, 'row')} 行未计入：${nested(p)}`,
  'profile.every-row-too-long': (p) => `每一行都太长，无法对齐（${str(p, 'ids')}）：${nested(p)}`,
  'profile.unequal-lengths': (p) =>
    `要求${ZH_NEEDS[str(p, 'need') as keyof typeof EQUAL_LENGTH_NEEDS] ?? str(p, 'need')}（按字符计）；有 ${n0(p, 'count')} 行长度不同：${str(p, 'ids')}`,
  'input.empty-prediction': () => '预测为空：每一行都需要输出文本（不做任何修改的系统应输出原句）',
  'input.empty-field': (p) => `${field(p)}为空`,
  'input.whitespace-only': (p) => `${field(p)}只有空白字符`,
  'input.bad-character': (p) => `${field(p)}含有${zhBadCharacter(p)}`,
  'input.id-whitespace': (p) => `编号“${str(p, 'id')}”首尾有空白字符`,
  'input.missing-field': (p) => `没有“${str(p, 'column')}”字段`,
  'input.inexact-number': (p) =>
    `${field(p)}（“${str(p, 'column')}”）是 JSON 数字 ${str(p, 'value')}，无法精确保留（超过 2^53 或不是整数）；请把编号写成字符串，例如 "${str(p, 'column')}": "…"`,
  'input.not-a-string': (p) => `${field(p)}（“${str(p, 'column')}”）是${ZH_TYPES[str(p, 'type')] ?? str(p, 'type')}，不是字符串`,
  'input.columns-vs-header': (p) => `列数不对：有 ${n0(p, 'count')} 列，但表头有 ${n0(p, 'header')} 列`,
  'input.columns-test': (p) => `列数不对：有 ${n0(p, 'count')} 列；至少需要 3 列（编号、原句、参考答案…）`,
  'input.columns-predictions': (p) => `列数不对：有 ${n0(p, 'count')} 列；需要 2 列（编号、预测）`,
  'input.duplicate-id': (p) => `编号“${str(p, 'id')}”重复：第 ${str(p, 'first')} ${p['unit'] === 'record' ? '条记录' : '行'}也有`,
  'input.empty-reference-list': (p) => `参考答案列表（“${str(p, 'column')}”）为空`,
  'input.sighan-needs-both': (p) =>
    `这是${p['which'] === 'input' ? ' SIGHAN 测试输入文件' : ' SIGHAN 答案（truth）文件'}；SIGHAN 测试集需要输入和答案两个文件：请把两个文件一起拖入`,
  'input.unrecognised-header': (p) =>
    `第一行像是表头，但没有一个列名能识别（第一行：${listItems(p, 'columns').map((c) => `“${c}”`).join('、')}）；` +
    `请指明各列：命令行用 ${str(p, 'flag')} ${str(p, 'names')}，或在导入面板中选择各列；` +
    `如果第一行是数据：命令行用 ${str(p, 'header')} no，或在导入面板中把“第一行是表头”设为“否”`,
  'input.no-truth-line': (p) => `编号“${str(p, 'id')}”在答案文件 ${str(p, 'file')} 中没有对应的行`,
  'input.not-in-input': (p) => `编号“${str(p, 'id')}”不在输入文件 ${str(p, 'file')} 中`,
  'input.not-in-test-set': (p) => `编号“${str(p, 'id')}”不在测试集 ${str(p, 'file')} 中`,
  'input.no-rows': () => '文件中没有数据行',
  'input.empty-file': () => '文件是空的：没有可导入的内容',
  'input.utf-32': (p) => `文件是 UTF-32（${str(p, 'order')}）编码，不支持；请另存为 UTF-8`,
  'input.no-prediction': (p) => `编号“${str(p, 'id')}”没有预测（${str(p, 'file')} 第 ${str(p, 'line')} 行）`,
  'input.line-order-counts': (p) => `按行序对应要求预测与测试集行数相同：测试集有 ${n0(p, 'test')} 行，预测有 ${n0(p, 'predictions')} 行`,
  'input.line-order-ids': (p) =>
    `${str(p, 'file')}：有 ${n0(p, 'mismatches')} / ${n0(p, 'total')} 行的编号与测试集不同（例如 ${zhLineOrderExamples(p)}）；${
      p['cause'] === 'shuffled'
        ? '它们是测试集的编号但顺序不同，按行配对很可能给错了句子打分：请改为按编号对应'
        : p['cause'] === 'line-numbers'
          ? '它们看起来是行号；已按要求按行配对'
          : '已按要求按行配对：请确认两个文件的顺序相同'
    }`,
  'input.labels-need-test-set': () => 'SIGHAN 标签格式的预测（“编号, 位置, 字”）需要测试集才能还原句子',
  'input.more-problems': (p) => `还有 ${n0(p, 'count')} 个问题未列出`,
  'profile.first-reference': (p) => `有 ${n0(p, 'count')} 个条目有多个参考答案；这个脚本只接受一个，因此只用了第一个`,
  'profile.zero-division': (p) => `${str(p, 'keys')} 未定义：${zhList(p, 'reasons', ZH_ZERO_DIVISION, '；')}；原脚本在此处因 ZeroDivisionError 停止`,
  'profile.printed-as-zero': (p) => `与原脚本一致：${zhList(p, 'cases', ZH_PRINTED_AS_ZERO, '；')}`,
  'profile.cleaned': (p) => `有 ${n0(p, 'count')} 行在计分前被脚本的文本清理改动（删去控制字符、规范空白、去掉首尾空白）`,
  'profile.no-error-sentences': () => '没有含错句（所有原句都等于参考答案）：corrected_rate、unchanged_error_rate 和 changed_not_gold_rate 为 null，未测量',
  'profile.no-clean-sentences': () => '没有无错句（所有原句都不等于参考答案）：changed_clean_rate 为 null，未测量',
  'profile.not-computable': (p) =>
    `无法计算，因官方工具不输出数值而略去：${listItems(p, 'missing')
      .map((k) => (k.endsWith('_f1') ? `${k}（P 或 R 未定义，或 P + R = 0）` : `${k}（0/0）`))
      .join('、')}`,
  'profile.sighan-unwritable': (p) =>
    `有 ${n0(p, 'count')} 行的改动涉及“,”或空白字符，官方工具无法从逗号分隔的标签中读取（遇到这种文件会出错）；这些数值是它假如能读取时会输出的结果：${str(p, 'ids')}`,
  'profile.unequal-positions': (p) => `有 ${n0(p, 'count')} 行在去除空白后长度不同；与原脚本一致，只比较到较短文本的长度为止`,
  'profile.longer-than-source': (p) => `有 ${n0(p, 'count')} 行的参考答案或预测比原句长；与原脚本一致，只比较前 len(原句) 个字符`,
  'profile.cllm-changed': (p) =>
    `有 ${n0(p, 'count')} 条预测在计分前被改动：C-LLM 只保留等长替换（${p['aligner'] === 'difflib' ? 'difflib，按原句中的汉字' : 'ChERRANT 对齐'}），其他改动一律撤销`,
  'gcsc.unjudged': (p) => `有 ${n0(p, 'count')} 个操作无法判定，按错误计`,
  'gcsc.no-operations': () => '没有任何操作：系统什么也没改，因此 S_C_p 和 C_C_p 未定义（null）',
  'gcsc.no-error-words': () => '测试集中没有错误词，因此 S_C_r 和 C_C_r 未定义（null）',
  'ops.no-edits': () => '没有任何编辑：各项占比未定义（null）',
  'run.warning': (p) => `${str(p, 'system')} / ${str(p, 'profile')}: ${inner(p)}`,
  'slice.warning': (p) => `切片 ${zhSliceFamily(p)} = ${str(p, 'slice')}：${inner(p)}`,
  'bytype.warning': (p) => `${zhErrorType(p)} / ${str(p, 'profile')}：${inner(p)}`,
  'compare.not-scored': (p) => `${str(p, 'profile')} 没有为 ${str(p, 'system')} 计分，因此不在 ${str(p, 'profile')} 上比较它`,
  'compare.delta-undefined': (p) =>
    `${str(p, 'a')} 对比 ${str(p, 'b')} / ${str(p, 'profile')} / ${str(p, 'key')}：差值在 ${n0(p, 'bootstrap')} 个自助法样本和 ${n0(p, 'randomization')} 个随机化样本中未定义（已略去）`,
  'interval.undefined': (p) =>
    `${str(p, 'system')} / ${str(p, 'profile')} / ${str(p, 'key')}：${n0(p, 'resamples')} 次重抽样中有 ${n0(p, 'nulls')} 次未定义` +
    (Number(p['withheld']) === 1 ? '，超出区间所能容许的数量，因此不给出区间' : '，已从区间中略去'),
};

const TABLES: Record<Lang, Record<MessageCode, Render>> = { en: ENGLISH_MESSAGES, zh: ZH };


/** Every language's table (for the test that each code has a translation in each). */
export const MESSAGE_TABLES: Readonly<Record<Lang, Readonly<Record<MessageCode, Render>>>> = TABLES;

/** A message that may carry a code, in the active language (English text when uncoded or the code is unknown). */
export function translateMessage(m: { message: string; code?: string | undefined; params?: MessageParams | undefined }, lang: Lang = getLang()): string {
  if (m.code === undefined || !isMessageCode(m.code)) return m.message;
  return TABLES[lang][m.code](m.params ?? {});
}

/** Whether the message has a code this page can render (else it is shown in English). */
export function isTranslated(m: { code?: string | undefined }): boolean {
  return m.code !== undefined && isMessageCode(m.code);
}

/** An input problem's text in the active language. */
export function issueText(issue: InputIssue, lang: Lang = getLang()): string {
  return translateMessage({ message: issue.problem, code: issue.code, params: issue.params }, lang);
}

/** "SYSTEM / PROFILE: MESSAGE" with the message in the active language. */
export function warningText(w: RunWarning, lang: Lang = getLang()): string {
  return `${w.system} / ${w.profile}: ${translateMessage(w, lang)}`;
}
