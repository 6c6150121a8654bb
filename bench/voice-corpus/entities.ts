/**
 * The voice corpus's recurring names and terms (issue 26's bench), per source language: each as
 * written in the source and three renderings per target language, as a model might write it on
 * three different days. No rendering holds another (of any entity of its language), so the
 * rendering a translation carries is found without doubt (voice-sim.test.ts checks it). A
 * glossary entry asks for the first rendering.
 */
export type EntityKind = 'character' | 'place' | 'thing';
export type SourceLanguage = 'en' | 'zh-CN' | 'ja';
export type TargetLanguage = 'zh-CN' | 'ja' | 'en';

export interface Entity {
  source: string;
  kind: EntityKind;
  gender: 'female' | 'male' | 'unknown';
  renderings: Partial<Record<TargetLanguage, readonly [string, string, string]>>;
}

type Row = [string, EntityKind, Entity['gender'], Partial<Record<TargetLanguage, string>>];

/** Rows as [source, kind, gender, {target: "a|b|c"}]. */
const entities = (rows: readonly Row[]): Entity[] =>
  rows.map(([source, kind, gender, r]) => ({
    source,
    kind,
    gender,
    renderings: Object.fromEntries(
      Object.entries(r).map(([t, list]) => [t, list.split('|') as unknown as [string, string, string]]),
    ),
  }));

export const ENTITIES: Record<SourceLanguage, readonly Entity[]> = {
  en: entities([
    [
      'Margaret',
      'character',
      'female',
      { 'zh-CN': '玛格丽特|玛格丽塔|玛嘉烈', ja: 'マーガレット|マーガレータ|マルガレーテ' },
    ],
    [
      'Edmund',
      'character',
      'male',
      { 'zh-CN': '埃德蒙|爱德蒙|艾德孟', ja: 'エドマンド|エドムンド|エドモンド' },
    ],
    ['Clara', 'character', 'female', { 'zh-CN': '克拉拉|克莱拉|嘉拉', ja: 'クララ|クレア|クラーラ' }],
    ['Victor', 'character', 'male', { 'zh-CN': '维克多|维克托|域陀', ja: 'ヴィクター|ビクター|ヴィクトル' }],
    [
      'Rosalind',
      'character',
      'female',
      { 'zh-CN': '罗莎琳德|罗萨琳|露丝琳', ja: 'ロザリンド|ロサリンド|ロザリント' },
    ],
    [
      'Theodore',
      'character',
      'male',
      { 'zh-CN': '西奥多|希欧多尔|狄奥多', ja: 'セオドア|テオドール|シオドア' },
    ],
    [
      'Beatrice',
      'character',
      'female',
      { 'zh-CN': '比阿特丽斯|贝雅特丽齐|碧翠丝', ja: 'ベアトリス|ビアトリス|ベアトリーチェ' },
    ],
    [
      'Oswald',
      'character',
      'male',
      { 'zh-CN': '奥斯瓦尔德|奥斯华|奥斯沃德', ja: 'オズワルド|オスワルド|オズウォルド' },
    ],
    [
      'Harriet',
      'character',
      'female',
      { 'zh-CN': '哈丽特|哈里特|夏丽埃', ja: 'ハリエット|ハリエッタ|ハリット' },
    ],
    [
      'Lionel',
      'character',
      'male',
      { 'zh-CN': '莱昂内尔|莱奥内尔|利昂内尔', ja: 'ライオネル|リオネル|ライオナル' },
    ],
    [
      'Agnes',
      'character',
      'female',
      { 'zh-CN': '艾格尼丝|阿格尼丝|雅妮丝', ja: 'アグネス|アニエス|アグニス' },
    ],
    [
      'Percival',
      'character',
      'male',
      { 'zh-CN': '珀西瓦尔|帕西瓦尔|柏西华', ja: 'パーシヴァル|パーシバル|ペルスヴァル' },
    ],
    [
      'Blackwater Mill',
      'place',
      'unknown',
      {
        'zh-CN': '黑水磨坊|黑水工坊|布莱克沃特磨坊',
        ja: 'ブラックウォーター製粉所|黒水の水車小屋|ブラックウォーターミル',
      },
    ],
    [
      'Harrow Bridge',
      'place',
      'unknown',
      { 'zh-CN': '哈罗桥|哈娄桥|耙齿桥', ja: 'ハロー橋|ハロウブリッジ|ハーロウ橋' },
    ],
    [
      'Greyfield Manor',
      'place',
      'unknown',
      { 'zh-CN': '格雷菲尔德庄园|灰原庄园|格雷田庄', ja: 'グレイフィールド邸|グレーフィールド荘園|灰野館' },
    ],
    [
      'Moonstone',
      'thing',
      'unknown',
      { 'zh-CN': '月光石|月亮宝石|月长石', ja: 'ムーンストーン|月長石|月の石' },
    ],
    [
      'Silver Compass',
      'thing',
      'unknown',
      { 'zh-CN': '银罗盘|银色指南针|白银司南', ja: '銀の羅針盤|シルバーコンパス|銀のコンパス' },
    ],
    [
      'Ledger of Thorns',
      'thing',
      'unknown',
      { 'zh-CN': '荆棘账簿|荆棘之书|刺之账本', ja: '茨の台帳|いばらの帳簿|ソーンズ台帳' },
    ],
  ]),
  'zh-CN': entities([
    ['林晓月', 'character', 'female', { en: 'Lin Xiaoyue|Xiaoyue Lin|Lam Hiu-yuet' }],
    ['周慕白', 'character', 'male', { en: 'Zhou Mubai|Mubai Zhou|Chow Mo-pak' }],
    ['沈青禾', 'character', 'female', { en: 'Shen Qinghe|Qinghe Shen|Sum Ching-wo' }],
    ['陆远舟', 'character', 'male', { en: 'Lu Yuanzhou|Yuanzhou Lu|Luk Yuen-chau' }],
    ['苏婉清', 'character', 'female', { en: 'Su Wanqing|Wanqing Su|So Yuen-ching' }],
    ['顾长风', 'character', 'male', { en: 'Gu Changfeng|Changfeng Gu|Koo Cheung-fung' }],
    ['唐小棠', 'character', 'female', { en: 'Tang Xiaotang|Xiaotang Tang|Tong Siu-tong' }],
    ['韩墨言', 'character', 'male', { en: 'Han Moyan|Moyan Han|Hon Mak-yin' }],
    ['宋知意', 'character', 'female', { en: 'Song Zhiyi|Zhiyi Song|Sung Chi-yi' }],
    ['许清川', 'character', 'male', { en: 'Xu Qingchuan|Qingchuan Xu|Hui Ching-chuen' }],
    ['白芷晴', 'character', 'female', { en: 'Bai Zhiqing|Zhiqing Bai|Pak Chi-ching' }],
    ['程以安', 'character', 'male', { en: 'Cheng Yian|Yian Cheng|Ching Yee-on' }],
    ['青石镇', 'place', 'unknown', { en: 'Qingshi Town|Bluestone Town|Greenstone Village' }],
    ['云栖寺', 'place', 'unknown', { en: 'Yunqi Temple|Cloud Dwelling Temple|Yunxi Monastery' }],
    ['望江楼', 'place', 'unknown', { en: 'Wangjiang Tower|River View Tower|Riverwatch Pavilion' }],
    ['玉麒麟', 'thing', 'unknown', { en: 'Jade Qilin|Jade Unicorn|Yu Kirin' }],
    ['归元剑', 'thing', 'unknown', { en: 'Guiyuan Sword|Sword of Return|Blade of Origin' }],
    ['百草图', 'thing', 'unknown', { en: 'Baicao Scroll|Hundred Herbs Chart|Atlas of Herbs' }],
  ]),
  ja: entities([
    ['水野遥', 'character', 'female', { en: 'Haruka Mizuno|Mizuno Haruka|Haruka Misuno' }],
    ['桐島蓮', 'character', 'male', { en: 'Ren Kirishima|Kirishima Ren|Len Kirishima' }],
    ['朝倉美月', 'character', 'female', { en: 'Mizuki Asakura|Asakura Mizuki|Mitsuki Asakura' }],
    ['早瀬透', 'character', 'male', { en: 'Toru Hayase|Hayase Toru|Tohru Hayase' }],
    ['東雲葵', 'character', 'female', { en: 'Aoi Shinonome|Shinonome Aoi|Aoi Shinonomi' }],
    ['神崎隼人', 'character', 'male', { en: 'Hayato Kanzaki|Kanzaki Hayato|Hayato Kanzakki' }],
    ['白石千夏', 'character', 'female', { en: 'Chinatsu Shiraishi|Shiraishi Chinatsu|Chinatsu Shiroishi' }],
    ['柊真白', 'character', 'female', { en: 'Mashiro Hiiragi|Hiiragi Mashiro|Mashiro Hiragi' }],
    ['藤堂健吾', 'character', 'male', { en: 'Kengo Todo|Todo Kengo|Kengo Toudou' }],
    ['鳴海咲', 'character', 'female', { en: 'Saki Narumi|Narumi Saki|Sakki Narumi' }],
    ['小鳥遊ひより', 'character', 'female', { en: 'Hiyori Takanashi|Takanashi Hiyori|Hiyori Kotori' }],
    ['久遠寺凛', 'character', 'male', { en: 'Rin Kuonji|Kuonji Rin|Lin Kuonji' }],
    ['月見坂', 'place', 'unknown', { en: 'Tsukimi Slope|Moonview Hill|Tsukimizaka' }],
    ['白鷺高校', 'place', 'unknown', { en: 'Shirasagi High|White Heron High School|Shirasagi Academy' }],
    ['星降る丘', 'place', 'unknown', { en: 'Starfall Hill|Hill of Falling Stars|Hoshifuru Knoll' }],
    ['雪月花', 'thing', 'unknown', { en: 'Setsugekka|Snow Moon Flower|Setsugetsuka' }],
    ['風見鶏', 'thing', 'unknown', { en: 'Weathervane|Kazamidori|Weathercock' }],
    ['黒猫の鍵', 'thing', 'unknown', { en: 'Black Cat Key|Kuroneko Key|Key of the Black Cat' }],
  ]),
};
