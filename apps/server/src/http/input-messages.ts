import { errorMessage, type InputRule, type UiLanguage } from '@subtrans/contract';
import type { FieldIssue, InputIssue, InputProblem, ValidationError } from './errors.js';
import { fieldLabel } from './field-labels.js';

/** a choice of more values than this is not listed in the message */
const MAX_LISTED_CHOICES = 10;

type Params = Readonly<Record<string, number | string>> | undefined;
type Words = (label: string, problem: InputProblem) => string;

const num = (n: number) => n.toLocaleString('en-US');

const RULES: Record<InputRule, Record<UiLanguage, (label: string, params: Params) => string>> = {
  six_digits: {
    zh: (l) => `${l}应为 6 位数字`,
    en: (l) => `${l} must be 6 digits`,
    ja: (l) => `${l}は 6 桁の数字で入力してください`,
  },
  srt_time: {
    zh: (l) => `${l}应为“时:分:秒,毫秒”格式，例如 00:01:02,500`,
    en: (l) => `${l} must be a time as hours:minutes:seconds,milliseconds, e.g. 00:01:02,500`,
    ja: (l) => `${l}は「時:分:秒,ミリ秒」の形式で指定してください（例：00:01:02,500）`,
  },
  target_not_auto: {
    zh: (l) => `${l}不能是自动检测，请选择一种语言`,
    en: (l) => `${l} cannot be automatic: choose a language`,
    ja: (l) => `${l}は自動検出にできません。言語を選んでください`,
  },
  picture_not_allowed: {
    zh: (l) => `${l}只能是在本站上传的图片或登录服务提供的头像`,
    en: (l) => `${l} must be an image uploaded here or the picture of a sign-in provider`,
    ja: (l) => `${l}はこのサイトでアップロードした画像か、ログインサービスの画像にしてください`,
  },
  nothing_to_update: {
    zh: () => '请至少修改名称、头像或界面语言中的一项',
    en: () => 'change at least one of the name, the avatar or the language',
    ja: () => '名前、アバター、表示言語のいずれかを変更してください',
  },
  no_edit: {
    zh: () => '请至少提供一项修改、一个新行或一个要删除的行',
    en: () => 'give at least one change, new line or line to delete',
    ja: () => '変更、新しい行、削除する行のいずれかを少なくとも 1 つ指定してください',
  },
  unique_key: {
    zh: (l) => `${l}在本次请求中重复了，每一项都应不同`,
    en: (l) => `${l} is given twice in this request; each must be different`,
    ja: (l) => `${l}がこのリクエストで重複しています。それぞれ異なる値にしてください`,
  },
  not_zero: {
    zh: (l) => `${l}不能为 0`,
    en: (l) => `${l} must not be 0`,
    ja: (l) => `${l}に 0 は指定できません`,
  },
  in_future: {
    zh: (l) => `${l}应晚于现在`,
    en: (l) => `${l} must be in the future`,
    ja: (l) => `${l}は現在より後にしてください`,
  },
  key_or_task: {
    zh: () => '请提供文件路径或任务 ID 中的一个（只能一个）',
    en: () => 'give either an object key or a task id (one of them)',
    ja: () => 'ファイルのパスかタスク ID のどちらか一方を指定してください',
  },
  total_chars: {
    zh: (l, p) => `${l}合计最多 ${num(Number(p?.max))} 个字符`,
    en: (l, p) => `${l} may have at most ${num(Number(p?.max))} characters in all`,
    ja: (l, p) => `${l}は合計 ${num(Number(p?.max))} 文字以内にしてください`,
  },
  time_order: {
    zh: (l) => `${l}有误，开始时间应早于结束时间，且不能为负`,
    en: (l) => `${l} is wrong: the start must come before the end, and neither may be negative`,
    ja: (l) => `${l}が正しくありません。開始は終了より前で、負の値にはできません`,
  },
  part_beyond_upload: {
    zh: (l, p) => `${l}超出范围，该上传共有 ${num(Number(p?.max))} 个分片`,
    en: (l, p) => `${l} is out of range: the upload has ${num(Number(p?.max))} parts`,
    ja: (l, p) => `${l}が範囲外です。このアップロードのパートは ${num(Number(p?.max))} 個です`,
  },
  ignored_by_engine: {
    zh: (l, p) => `${String(p?.engine)}不会使用${l}：请去掉该选项，或选择会使用它的引擎`,
    en: (l, p) =>
      `${String(p?.engine)} does not use the ${l}: leave this option out, or choose an engine that uses it`,
    ja: (l, p) => `${String(p?.engine)}は${l}を使いません。この設定を外すか、使えるエンジンを選んでください`,
  },
};

const listed = (values: readonly unknown[], sep: string) => values.map((v) => String(v)).join(sep);

const zh: Words = (l, p) => {
  switch (p.kind) {
    case 'required':
      return `缺少${l}`;
    case 'type':
      return {
        text: `${l}应为文本`,
        number: `${l}应为数字`,
        integer: `${l}应为整数`,
        boolean: `${l}应为“是”或“否”`,
        list: `${l}应为列表`,
        object: `${l}的格式不正确`,
      }[p.expected];
    case 'too_short':
      return p.min <= 1 ? `${l}不能为空` : `${l}至少需要 ${num(p.min)} 个字符`;
    case 'too_long':
      return `${l}最多 ${num(p.max)} 个字符`;
    case 'length':
      return `${l}应为 ${num(p.exact)} 个字符`;
    case 'too_small':
      return p.inclusive ? `${l}不能小于 ${num(p.min)}` : `${l}应大于 ${num(p.min)}`;
    case 'too_big':
      return p.inclusive ? `${l}不能大于 ${num(p.max)}` : `${l}应小于 ${num(p.max)}`;
    case 'too_few':
      return p.min <= 1 ? `${l}不能为空` : `${l}至少需要 ${num(p.min)} 项`;
    case 'too_many':
      return `${l}最多 ${num(p.max)} 项`;
    case 'format':
      return {
        email: `${l}格式不正确`,
        id: `${l}的格式不正确`,
        datetime: `${l}应为带时区的日期时间，例如 2030-01-31T12:00:00+08:00`,
        other: `${l}的格式不正确`,
      }[p.format];
    case 'choice':
      return p.values.length <= MAX_LISTED_CHOICES
        ? `${l}的取值无效，可选：${listed(p.values, '、')}`
        : `${l}不是支持的取值`;
    case 'nul':
      return `${l}含有空字符（U+0000），请删除后重试`;
    case 'rule':
      return RULES[p.rule].zh(l, p.params);
    case 'content_type':
      return '请求的内容类型不受支持';
    case 'invalid':
      return `${l}的值无效`;
  }
};

const en: Words = (l, p) => {
  switch (p.kind) {
    case 'required':
      return `${l} is required`;
    case 'type':
      return {
        text: `${l} must be text`,
        number: `${l} must be a number`,
        integer: `${l} must be a whole number`,
        boolean: `${l} must be true or false`,
        list: `${l} must be a list`,
        object: `${l} is not in the right form`,
      }[p.expected];
    case 'too_short':
      return p.min <= 1 ? `${l} must not be empty` : `${l} must be at least ${num(p.min)} characters`;
    case 'too_long':
      return `${l} must be at most ${num(p.max)} characters`;
    case 'length':
      return `${l} must be exactly ${num(p.exact)} characters`;
    case 'too_small':
      return p.inclusive ? `${l} must be at least ${num(p.min)}` : `${l} must be more than ${num(p.min)}`;
    case 'too_big':
      return p.inclusive ? `${l} must be at most ${num(p.max)}` : `${l} must be less than ${num(p.max)}`;
    case 'too_few':
      return p.min <= 1 ? `${l} must not be empty` : `${l} needs at least ${num(p.min)} items`;
    case 'too_many':
      return `${l} may have at most ${num(p.max)} items`;
    case 'format':
      return {
        email: `${l} is not a valid email address`,
        id: `${l} is not a valid id`,
        datetime: `${l} must be a date and time with its time zone, e.g. 2030-01-31T12:00:00+08:00`,
        other: `${l} is not in the right format`,
      }[p.format];
    case 'choice':
      return p.values.length <= MAX_LISTED_CHOICES
        ? `${l} must be one of: ${listed(p.values, ', ')}`
        : `${l} is not a supported value`;
    case 'nul':
      return `${l} contains a NUL character (U+0000); remove it and try again`;
    case 'rule':
      return RULES[p.rule].en(l, p.params);
    case 'content_type':
      return 'the content type of the request is not supported';
    case 'invalid':
      return `${l} is not valid`;
  }
};

const ja: Words = (l, p) => {
  switch (p.kind) {
    case 'required':
      return `${l}を指定してください`;
    case 'type':
      return {
        text: `${l}は文字で指定してください`,
        number: `${l}は数値で指定してください`,
        integer: `${l}は整数で指定してください`,
        boolean: `${l}は「はい」か「いいえ」で指定してください`,
        list: `${l}は一覧で指定してください`,
        object: `${l}の形式が正しくありません`,
      }[p.expected];
    case 'too_short':
      return p.min <= 1 ? `${l}を入力してください` : `${l}は ${num(p.min)} 文字以上で入力してください`;
    case 'too_long':
      return `${l}は ${num(p.max)} 文字以内で入力してください`;
    case 'length':
      return `${l}は ${num(p.exact)} 文字で入力してください`;
    case 'too_small':
      return p.inclusive
        ? `${l}は ${num(p.min)} 以上にしてください`
        : `${l}は ${num(p.min)} より大きくしてください`;
    case 'too_big':
      return p.inclusive
        ? `${l}は ${num(p.max)} 以下にしてください`
        : `${l}は ${num(p.max)} 未満にしてください`;
    case 'too_few':
      return p.min <= 1 ? `${l}を指定してください` : `${l}は ${num(p.min)} 件以上必要です`;
    case 'too_many':
      return `${l}は ${num(p.max)} 件までです`;
    case 'format':
      return {
        email: `${l}の形式が正しくありません`,
        id: `${l}の形式が正しくありません`,
        datetime: `${l}はタイムゾーン付きの日時で指定してください（例：2030-01-31T12:00:00+08:00）`,
        other: `${l}の形式が正しくありません`,
      }[p.format];
    case 'choice':
      return p.values.length <= MAX_LISTED_CHOICES
        ? `${l}の値が正しくありません。指定できる値：${listed(p.values, '、')}`
        : `${l}はサポートされていない値です`;
    case 'nul':
      return `${l}に使用できない空文字（U+0000）が含まれています。削除してから再試行してください`;
    case 'rule':
      return RULES[p.rule].ja(l, p.params);
    case 'content_type':
      return 'リクエストの内容の種類がサポートされていません';
    case 'invalid':
      return `${l}の値が正しくありません`;
  }
};

const WORDS: Record<UiLanguage, Words> = { zh, en, ja };
const SEPARATOR: Record<UiLanguage, string> = { zh: '：', en: ': ', ja: '：' };

/** a Latin letter next to a Chinese or Japanese character ("商品 ID应为" reads as "商品 ID 应为") */
const LATIN_CJK = /([A-Za-z])(?=[\u3040-\u30ff\u4e00-\u9fff])|([\u3040-\u30ff\u4e00-\u9fff])(?=[A-Za-z])/g;

/** One field's problem as a sentence in `lang`, naming the field as the call `route` calls it. */
export function describeIssue(issue: InputIssue, route: string, lang: UiLanguage): string {
  const sentence = WORDS[lang](fieldLabel(route, issue.path, lang), issue.problem);
  return lang === 'en' ? sentence : sentence.replace(LATIN_CJK, '$1$2 ');
}

/**
 * The VALIDATION answer: the message names the first field's problem; data.fields has every
 * field with its own sentence (a form can show each beside its input).
 */
export function validationAnswer(
  error: ValidationError,
  route: string,
  lang: UiLanguage,
): { msg: string; fields: FieldIssue[] } {
  const fields = error.issues.map((i) => ({
    field: i.path.map(String).join('.'),
    message: describeIssue(i, route, lang),
  }));
  const first = fields[0]?.message;
  const base = errorMessage('VALIDATION', lang);
  return { msg: first ? `${base}${SEPARATOR[lang]}${first}` : base, fields };
}
