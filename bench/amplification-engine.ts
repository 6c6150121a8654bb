/**
 * The amplification bench's engine, in a process of its own (as a provider is): an
 * OpenAI-compatible chat-completions server that counts the calls and the prompt bytes (every
 * message's content, UTF-8) it is sent, by kind, and answers as a model would, seeded:
 * - translate: each line as text of the target's script, within its budget 70 % of the time (else
 *   1.4× it; half the source's length without a budget), carrying the targets of the request's
 *   terms and characters that occur in it 90 % of the time (per line and attempt); a batch holding
 *   a line with REFUSED in it is answered with prose (a model that will not translate it);
 * - condense: within "max" 80 % of the time, else 1.15× it, keeping the names the text carried;
 * - brief: a synopsis of a third of "max_synopsis", a register, and the capitalised words met
 *   twice or more in the part as characters (at most 8).
 * IPC: 'stats' answers the counts, 'reset' zeroes them.
 */
import { chance } from './support.js';
import { serveSimulatedEngine } from './sim-server.js';

/** a line holding this is never translated (the bench's failing lines) */
export const REFUSED = '§';

interface TranslateMessage {
  target: string;
  lines: Record<string, string>;
  budgets?: Record<string, number>;
  terms?: { source: string; target: string; keep?: boolean }[];
  brief?: { characters?: { name: string; target: string }[] };
}
interface CondenseMessage {
  lines: Record<string, { text: string; max: number; original: string }>;
}
interface BriefMessage {
  part: string;
  max_synopsis: number;
  lines: string[];
}

type Kind = 'translate' | 'condense' | 'brief';
const fresh = () => ({
  calls: 0,
  bytes: 0,
  byKind: {
    translate: { calls: 0, bytes: 0, lines: 0 },
    condense: { calls: 0, bytes: 0, lines: 0 },
    brief: { calls: 0, bytes: 0, lines: 0 },
  } as Record<Kind, { calls: number; bytes: number; lines: number }>,
});
export type EngineStats = ReturnType<typeof fresh>;
let stats = fresh();

const count = (kind: Kind, bytes: number, lines: number) => {
  stats.calls += 1;
  stats.bytes += bytes;
  stats.byKind[kind].calls += 1;
  stats.byKind[kind].bytes += bytes;
  stats.byKind[kind].lines += lines;
};

const HAN =
  '的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域读';

/** Text of `size` characters of the target's script (Latin for English). */
function textOf(key: string, size: number, target: string): string {
  const n = Math.max(1, Math.round(size));
  if (target === 'en') return 'w'.repeat(n);
  let out = '';
  for (let i = 0; i < n; i += 1) out += HAN[Math.floor(chance(key, i) * HAN.length)];
  return out;
}

const attempts = new Map<string, number>();

function translate(msg: TranslateMessage): Record<string, string> | string {
  if (Object.values(msg.lines).some((l) => l.includes(REFUSED)))
    return 'I am sorry, but I cannot help with translating these lines.';
  const pairs = [
    ...(msg.terms ?? []).map((t) => [t.source, t.keep ? t.source : t.target] as const),
    ...(msg.brief?.characters ?? []).map((c) => [c.name, c.target] as const),
  ].filter(([from, to]) => from && to);
  return Object.fromEntries(
    Object.entries(msg.lines).map(([k, line]) => {
      const attempt = (attempts.get(line) ?? 0) + 1;
      attempts.set(line, attempt);
      const budget = msg.budgets?.[k];
      const size =
        budget === undefined
          ? line.length / 2
          : chance('over', line, attempt) < 0.3
            ? budget * 1.4
            : budget * (0.75 + 0.25 * chance('fit', line, attempt));
      const names = pairs
        .filter(([from]) => line.includes(from) && chance('term', line, from, attempt) < 0.9)
        .map(([, to]) => to);
      return [k, [...names, textOf(`${line}|${attempt}`, size, msg.target)].join(' ')];
    }),
  );
}

function condense(msg: CondenseMessage, target: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(msg.lines).map(([k, item]) => {
      const attempt = (attempts.get(`c|${item.original}`) ?? 0) + 1;
      attempts.set(`c|${item.original}`, attempt);
      const fits = chance('condense', item.original, attempt) < 0.8;
      // the names it carried stay (a model shortens the wording, not the names)
      const names = item.text.split(' ').slice(0, -1);
      const room = item.max * (fits ? 0.9 : 1.15) - names.reduce((n, w) => n + w.length + 1, 0);
      return [k, [...names, textOf(`${item.original}|c${attempt}`, room, target)].join(' ')];
    }),
  );
}

function brief(msg: BriefMessage) {
  const seen = new Map<string, number>();
  for (const line of msg.lines)
    for (const w of line.match(/\b[A-Z][a-z]{2,}\b/g) ?? []) seen.set(w, (seen.get(w) ?? 0) + 1);
  const names = [...seen]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([w]) => w);
  return {
    synopsis: textOf(`synopsis|${msg.part}`, msg.max_synopsis / 3, 'zh'),
    register: '朋友之间的日常对话',
    characters: names.map((name) => ({
      name,
      target: textOf(`name|${name}`, 3, 'zh'),
      gender: 'unknown',
      address: '',
    })),
    terms: [],
  };
}

serveSimulatedEngine(20, (message, bytes) => {
  const user = message as { part?: string; target: string; lines: Record<string, unknown> | unknown[] };
  if (user.part !== undefined) {
    const asked = message as BriefMessage;
    count('brief', bytes, asked.lines.length);
    return brief(asked);
  }
  const first: unknown = Object.values(user.lines)[0];
  if (typeof first === 'object' && first !== null) {
    count('condense', bytes, Object.keys(user.lines).length);
    return condense(message as CondenseMessage, user.target);
  }
  count('translate', bytes, Object.keys(user.lines).length);
  return translate(message as TranslateMessage);
});
process.on('message', (m) => {
  if (m === 'stats') process.send?.(stats);
  if (m === 'reset') {
    stats = fresh();
    attempts.clear();
    process.send?.('ok');
  }
});
