/**
 * The words the seed builds the demo catalogue from: Japanese, with English, Chinese (simplified) and Korean.
 * Everything here is data; seed.ts combines it deterministically.
 */

export type Lang = 'ja' | 'en' | 'zh' | 'ko';
export const LANGS: readonly Lang[] = ['ja', 'en', 'zh', 'ko'];
export type L10n = Readonly<Record<Lang, string>>;

export function isLang(value: unknown): value is Lang {
  return value === 'ja' || value === 'en' || value === 'zh' || value === 'ko';
}

// ---------------------------------------------------------------------------------------------------------
// Option axes

export type AxisKey = 'capacity' | 'flavor' | 'size' | 'count' | 'color' | 'scent';

export interface AxisDef {
  label: L10n;
  values: Readonly<Record<string, L10n>>;
}

const same = (text: string): L10n => ({ ja: text, en: text, zh: text, ko: text });

const countValue = (n: number): L10n => ({
  ja: `${n}個入`,
  en: n === 1 ? 'Single' : `Box of ${n}`,
  zh: `${n}个装`,
  ko: `${n}개입`,
});

export const AXES: Readonly<Record<AxisKey, AxisDef>> = {
  capacity: {
    label: { ja: '容量', en: 'Capacity', zh: '容量', ko: '용량' },
    values: Object.fromEntries(
      [
        '50g',
        '100g',
        '150g',
        '200g',
        '300g',
        '500g',
        '1kg',
        '300ml',
        '500ml',
        '720ml',
        '1000ml',
        '1800ml',
      ].map((v) => [v, same(v)]),
    ),
  },
  flavor: {
    label: { ja: '味', en: 'Flavour', zh: '口味', ko: '맛' },
    values: {
      koshian: { ja: 'こしあん', en: 'Smooth bean paste', zh: '细豆沙', ko: '고운 팥앙금' },
      tsubuan: { ja: 'つぶあん', en: 'Chunky bean paste', zh: '颗粒豆沙', ko: '통팥앙금' },
      matcha: { ja: '抹茶', en: 'Matcha', zh: '抹茶', ko: '말차' },
      kuri: { ja: '栗', en: 'Chestnut', zh: '栗子', ko: '밤' },
      plain: { ja: 'プレーン', en: 'Plain', zh: '原味', ko: '플레인' },
      chocolat: { ja: 'ショコラ', en: 'Chocolate', zh: '巧克力', ko: '쇼콜라' },
      strawberry: { ja: '苺', en: 'Strawberry', zh: '草莓', ko: '딸기' },
      yuzu: { ja: '柚子', en: 'Yuzu', zh: '柚子', ko: '유자' },
      peach: { ja: '白桃', en: 'White peach', zh: '白桃', ko: '백도' },
      apple: { ja: '林檎', en: 'Apple', zh: '苹果', ko: '사과' },
      sencha: { ja: '煎茶', en: 'Sencha', zh: '煎茶', ko: '센차' },
      gyokuro: { ja: '玉露', en: 'Gyokuro', zh: '玉露', ko: '교쿠로' },
      hojicha: { ja: 'ほうじ茶', en: 'Hojicha', zh: '焙茶', ko: '호지차' },
      genmaicha: { ja: '玄米茶', en: 'Genmaicha', zh: '玄米茶', ko: '현미차' },
      'dark-roast': { ja: '深煎り', en: 'Dark roast', zh: '深度烘焙', ko: '강배전' },
      'medium-roast': { ja: '中煎り', en: 'Medium roast', zh: '中度烘焙', ko: '중배전' },
      'light-roast': { ja: '浅煎り', en: 'Light roast', zh: '浅度烘焙', ko: '약배전' },
    },
  },
  size: {
    label: { ja: 'サイズ', en: 'Size', zh: '尺寸', ko: '사이즈' },
    values: {
      small: { ja: '小', en: 'Small', zh: '小号', ko: '소' },
      medium: { ja: '中', en: 'Medium', zh: '中号', ko: '중' },
      large: { ja: '大', en: 'Large', zh: '大号', ko: '대' },
      hand: { ja: 'ハンドタオル', en: 'Hand towel', zh: '手巾', ko: '핸드 타월' },
      face: { ja: 'フェイスタオル', en: 'Face towel', zh: '洗脸毛巾', ko: '페이스 타월' },
      bath: { ja: 'バスタオル', en: 'Bath towel', zh: '浴巾', ko: '배스 타월' },
    },
  },
  count: {
    label: { ja: '個数', en: 'Quantity', zh: '数量', ko: '개수' },
    values: Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 24, 30].map((n) => [String(n), countValue(n)]),
    ),
  },
  color: {
    label: { ja: '色', en: 'Colour', zh: '颜色', ko: '색상' },
    values: {
      white: { ja: '白', en: 'White', zh: '白色', ko: '화이트' },
      indigo: { ja: '藍', en: 'Indigo', zh: '靛蓝', ko: '쪽빛' },
      sakura: { ja: '桜色', en: 'Cherry pink', zh: '樱花粉', ko: '벚꽃색' },
      kinari: { ja: '生成り', en: 'Natural', zh: '米白', ko: '내추럴' },
      sumi: { ja: '墨', en: 'Charcoal', zh: '墨黑', ko: '먹색' },
    },
  },
  scent: {
    label: { ja: '香り', en: 'Scent', zh: '香型', ko: '향' },
    values: {
      hinoki: { ja: '檜', en: 'Hinoki cypress', zh: '桧木', ko: '편백' },
      sandalwood: { ja: '白檀', en: 'Sandalwood', zh: '白檀', ko: '백단' },
      yuzu: { ja: '柚子', en: 'Yuzu', zh: '柚子', ko: '유자' },
      sakura: { ja: '桜', en: 'Cherry blossom', zh: '樱花', ko: '벚꽃' },
    },
  },
};

/** The display name and value of an option in a language (the key itself when unknown). */
export function optionText(axis: string, value: string, lang: Lang): { name: string; value: string } {
  const def = (AXES as Record<string, AxisDef | undefined>)[axis];
  return { name: def?.label[lang] ?? axis, value: def?.values[value]?.[lang] ?? value };
}

// ---------------------------------------------------------------------------------------------------------
// Tags

export const TAGS: readonly L10n[] = [
  { ja: '季節限定', en: 'Seasonal', zh: '季节限定', ko: '시즌 한정' },
  { ja: '内祝い', en: 'Return gift', zh: '回礼', ko: '답례품' },
  { ja: '手土産', en: 'Visiting gift', zh: '伴手礼', ko: '방문 선물' },
  { ja: '日持ちする', en: 'Keeps well', zh: '保质期长', ko: '오래 보관 가능' },
  { ja: '個包装', en: 'Individually wrapped', zh: '独立包装', ko: '개별 포장' },
  { ja: 'お中元', en: 'Summer gift', zh: '中元礼品', ko: '여름 선물' },
  { ja: 'お歳暮', en: 'Year-end gift', zh: '岁末礼品', ko: '연말 선물' },
  { ja: '名入れ可', en: 'Can be personalised', zh: '可刻名', ko: '이름 각인 가능' },
  { ja: '数量限定', en: 'Limited quantity', zh: '数量限定', ko: '수량 한정' },
  { ja: 'ロングセラー', en: 'Long seller', zh: '长销品', ko: '스테디셀러' },
  { ja: '冷蔵便', en: 'Chilled delivery', zh: '冷藏配送', ko: '냉장 배송' },
];
/** Tag id (1-based) of 季節限定: products with it get a seasonal title prefix. */
export const SEASONAL_TAG_ID = 1;
export const SEASONAL_PREFIX: L10n = {
  ja: '【季節限定】',
  en: '[Seasonal] ',
  zh: '【季节限定】',
  ko: '[시즌 한정] ',
};

// ---------------------------------------------------------------------------------------------------------
// Areas and tenants (Japanese, but for the tenants' names: a product in a language names its brand in that
// language where `names` has it)

export interface AreaDef {
  place: 'a' | 'b' | 'c' | 'd';
  description: string;
  pickupPlace: string;
}

export const AREAS: readonly AreaDef[] = [
  {
    place: 'a',
    description: '駅直結のメインフロア。和菓子と日本茶の老舗が並ぶ、贈りもの選びの起点です。',
    pickupPlace: 'BASE A 1階 受け取りカウンター',
  },
  {
    place: 'b',
    description: '洋菓子とコーヒーの香りに包まれるフロア。焼き菓子の手土産がそろいます。',
    pickupPlace: 'BASE B 2階 受け取りカウンター',
  },
  {
    place: 'c',
    description: '器や布もの、お香など、暮らしを彩る工芸品と雑貨のフロアです。',
    pickupPlace: 'BASE C 3階 受け取りカウンター',
  },
  {
    place: 'd',
    description: '海と山の恵みが集まる食のフロア。日本酒や調味料、果実の贈りものをどうぞ。',
    pickupPlace: 'BASE D 地下1階 受け取りカウンター',
  },
];

/**
 * The pickup counters of the areas above (by area id, 1 to 4) and the pickup note, in every language: a chat
 * order's page names where to collect in the visitor's language.
 */
export const PICKUP_PLACES: readonly L10n[] = [
  {
    ja: 'BASE A 1階 受け取りカウンター',
    en: 'BASE A, 1F pickup counter',
    zh: 'BASE A 1楼 取货柜台',
    ko: 'BASE A 1층 수령 카운터',
  },
  {
    ja: 'BASE B 2階 受け取りカウンター',
    en: 'BASE B, 2F pickup counter',
    zh: 'BASE B 2楼 取货柜台',
    ko: 'BASE B 2층 수령 카운터',
  },
  {
    ja: 'BASE C 3階 受け取りカウンター',
    en: 'BASE C, 3F pickup counter',
    zh: 'BASE C 3楼 取货柜台',
    ko: 'BASE C 3층 수령 카운터',
  },
  {
    ja: 'BASE D 地下1階 受け取りカウンター',
    en: 'BASE D, B1F pickup counter',
    zh: 'BASE D 地下1楼 取货柜台',
    ko: 'BASE D 지하 1층 수령 카운터',
  },
];

export const PICKUP_NOTE: L10n = {
  ja: 'お受け取りの際は、この注文ページを受け取りカウンターでご提示ください。お受け取り期限はお支払いから7日間です。',
  en: 'Please show this order page at the pickup counter when you collect your items. You can collect them for 7 days after payment.',
  zh: '取货时请在取货柜台出示此订单页面。付款后7天内可取货。',
  ko: '수령하실 때 이 주문 페이지를 수령 카운터에 보여 주세요. 결제 후 7일 이내에 수령하실 수 있습니다.',
};

/** How a language lists several places. */
export const LIST_SEPARATOR: L10n = { ja: '、', en: ', ', zh: '、', ko: ', ' };

export type CategoryKey =
  | 'wagashi'
  | 'yogashi'
  | 'tea'
  | 'sake'
  | 'zakka'
  | 'shokki'
  | 'towel'
  | 'coffee'
  | 'seafood'
  | 'fruit'
  | 'incense'
  | 'fermented';

export interface TenantDef {
  name: string;
  /** The name in other languages, as the brand writes it there; a language left out keeps `name`. */
  names: Readonly<Partial<Record<Exclude<Lang, 'ja'>, string>>>;
  code: string;
  category: CategoryKey;
  /** 1-based id of the area the tenant's shop is in. */
  homeArea: number;
  description: string;
  officialSiteUrl: string | null;
}

export const TENANTS: readonly TenantDef[] = [
  {
    name: '京菓子司 香月堂',
    names: { en: 'Kōgetsudō Kyoto Confectioners', zh: '京果子司 香月堂', ko: '교토 화과자 고게쓰도' },
    code: 'KGT',
    category: 'wagashi',
    homeArea: 1,
    description:
      '明治二十年創業。京都・西陣で四代にわたり、季節の移ろいを映す上生菓子と羊羹をつくり続けています。',
    officialSiteUrl: 'https://kagetsudo.example.jp/',
  },
  {
    name: '洋菓子工房 ルミエール',
    names: { en: 'Pâtisserie Lumière', zh: '露米埃尔西点工坊', ko: '양과자 공방 루미에르' },
    code: 'LUM',
    category: 'yogashi',
    homeArea: 2,
    description: 'フランスで修業したパティシエが営む洋菓子店。発酵バターと国産小麦の焼き菓子が看板です。',
    officialSiteUrl: 'https://lumiere.example.jp/',
  },
  {
    name: '茶舗 翠園',
    names: { en: 'Suien Tea House', zh: '翠园茶铺', ko: '스이엔 찻집' },
    code: 'SUI',
    category: 'tea',
    homeArea: 1,
    description: '静岡・牧之原の契約農園から届く茶葉を、自家焙煎で仕上げる日本茶専門店です。',
    officialSiteUrl: 'https://suien.example.jp/',
  },
  {
    name: '白鷺酒造',
    names: { en: 'Shirasagi Sake Brewery', ko: '시라사기 주조' },
    code: 'SRS',
    category: 'sake',
    homeArea: 4,
    description: '兵庫・灘の蔵元。山田錦と宮水で醸す、すっきりとした辛口の酒で知られます。',
    officialSiteUrl: 'https://shirasagi-shuzo.example.jp/',
  },
  {
    name: '暮らしの雑貨 こもれび',
    names: { en: 'Komorebi Living Goods', zh: '生活杂货 木漏日', ko: '생활 잡화 고모레비' },
    code: 'KMR',
    category: 'zakka',
    homeArea: 3,
    description: '日本各地の職人と作る、毎日の暮らしに寄り添う布ものと小物のお店です。',
    officialSiteUrl: 'https://komorebi.example.jp/',
  },
  {
    name: '器と食卓 土の音',
    names: { en: 'Tsuchi no Oto Tableware', zh: '器与餐桌 土之音', ko: '그릇과 식탁 쓰치노오토' },
    code: 'TNO',
    category: 'shokki',
    homeArea: 3,
    description: '有田・美濃・江戸切子など、産地の器を食卓目線で選んだセレクトショップです。',
    officialSiteUrl: 'https://tsuchinooto.example.jp/',
  },
  {
    name: '今治タオル工房 ふわり',
    names: { en: 'Fuwari Imabari Towels', zh: '今治毛巾工坊 Fuwari', ko: '이마바리 타월 공방 후와리' },
    code: 'FWR',
    category: 'towel',
    homeArea: 3,
    description: '愛媛・今治のタオル工場直営。やわらかな肌ざわりと吸水性にこだわっています。',
    officialSiteUrl: 'https://fuwari-towel.example.jp/',
  },
  {
    name: '珈琲焙煎所 月灯り',
    names: { en: 'Tsukiakari Coffee Roastery', zh: '月灯咖啡烘焙坊', ko: '쓰키아카리 커피 로스터리' },
    code: 'TKA',
    category: 'coffee',
    homeArea: 2,
    description: '小さな直火式焙煎機で、毎朝少しずつ焼き上げるスペシャルティコーヒーの店です。',
    officialSiteUrl: 'https://tsukiakari-coffee.example.jp/',
  },
  {
    name: '北浜商店',
    names: { en: 'Kitahama Seafood', ko: '기타하마 상점' },
    code: 'KTH',
    category: 'seafood',
    homeArea: 4,
    description: '北海道・函館の海産物問屋。昆布や明太子など、海の恵みを食卓へお届けします。',
    officialSiteUrl: 'https://kitahama.example.jp/',
  },
  {
    name: '果実園 みのり',
    names: { en: 'Minori Orchard', zh: '果园 Minori', ko: '과수원 미노리' },
    code: 'MNR',
    category: 'fruit',
    homeArea: 4,
    description: '和歌山の果樹園が手がける、完熟果実のジャムとジュースの専門店です。',
    officialSiteUrl: 'https://minori-farm.example.jp/',
  },
  {
    name: '香房 ひととき',
    names: { en: 'Hitotoki Incense', zh: '香房 一时', ko: '향방 히토토키' },
    code: 'HTT',
    category: 'incense',
    homeArea: 3,
    description: '淡路島の線香づくりの技を受け継ぐ、お香とフレグランスの専門店です。',
    officialSiteUrl: 'https://hitotoki-kobo.example.jp/',
  },
  {
    name: '米と発酵 こうじ屋',
    names: { en: 'Kōjiya Rice & Ferments', zh: '米与发酵 曲屋', ko: '쌀과 발효 고지야' },
    code: 'KJY',
    category: 'fermented',
    homeArea: 4,
    description: '創業百年の糀屋。木桶仕込みの醤油や味噌、甘酒を昔ながらの製法でつくっています。',
    officialSiteUrl: null,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Categories: items, option specs and description texts

export interface AxisSpec {
  axis: AxisKey;
  values: readonly string[];
  /** Price multiplier per value, same order. */
  mult: readonly number[];
}

interface ItemDef {
  name: L10n;
  blurb: L10n;
  /** Overrides the category's option specs. */
  specs?: readonly AxisSpec[];
  priceFactor?: number;
}

interface Fact {
  label: L10n;
  value: L10n;
}

export interface CategoryDef {
  /** Reduced 8% consumption tax (food) or 10%. */
  food: boolean;
  /** Tax-excluded price range in yen for the multiplier 1. */
  basePrice: readonly [number, number];
  specs: readonly AxisSpec[];
  items: readonly ItemDef[];
  /** `{tenant}` is replaced by the tenant's name. */
  craft: L10n;
  facts: readonly [Fact, Fact];
  story: L10n;
  enjoy: L10n;
}

const L = {
  shelf: { ja: '日持ち', en: 'Best before', zh: '保质期', ko: '유통기한' },
  storage: { ja: '保存方法', en: 'Storage', zh: '保存方法', ko: '보관 방법' },
  material: { ja: '素材', en: 'Material', zh: '材质', ko: '소재' },
  care: { ja: 'お手入れ', en: 'Care', zh: '保养方法', ko: '관리 방법' },
  caution: { ja: 'ご注意', en: 'Caution', zh: '注意事项', ko: '주의 사항' },
} as const satisfies Record<string, L10n>;

export const CONTENTS_LABEL: L10n = { ja: '内容', en: 'Options', zh: '规格', ko: '구성' };

const roomTemp: L10n = {
  ja: '直射日光・高温多湿を避けて常温で保存してください。',
  en: 'Store at room temperature, away from direct sunlight and humidity.',
  zh: '请避免阳光直射及高温潮湿，常温保存。',
  ko: '직사광선과 고온다습한 곳을 피해 실온에서 보관해 주세요.',
};

const months12: L10n = {
  ja: '製造日より12か月',
  en: '12 months from production',
  zh: '生产日起12个月',
  ko: '제조일로부터 12개월',
};

export const CATEGORIES: Readonly<Record<CategoryKey, CategoryDef>> = {
  wagashi: {
    food: true,
    basePrice: [1000, 2500],
    specs: [
      { axis: 'count', values: ['6', '10', '15', '20'], mult: [1, 1.6, 2.3, 3] },
      { axis: 'flavor', values: ['koshian', 'tsubuan', 'matcha', 'kuri'], mult: [1, 1, 1.1, 1.2] },
    ],
    items: [
      {
        name: { ja: '本練り羊羹', en: 'Neri Yokan', zh: '炼羊羹', ko: '네리 양갱' },
        blurb: {
          ja: '北海道産小豆をじっくり炊き上げ、寒天で練り上げた昔ながらの羊羹です。',
          en: 'Hokkaido azuki beans, slowly simmered and set with agar in the traditional way.',
          zh: '精选北海道红豆慢火熬煮，以寒天炼制而成的传统羊羹。',
          ko: '홋카이도산 팥을 천천히 끓여 한천으로 굳힌 전통 양갱입니다.',
        },
      },
      {
        name: { ja: 'どら焼き', en: 'Dorayaki', zh: '铜锣烧', ko: '도라야키' },
        blurb: {
          ja: 'ふんわり焼き上げた生地で、自家製のあんをたっぷり挟みました。',
          en: 'Fluffy pancakes sandwiching a generous layer of house-made bean paste.',
          zh: '松软的饼皮夹入满满的自制豆馅。',
          ko: '폭신하게 구운 반죽 사이에 직접 만든 앙금을 듬뿍 넣었습니다.',
        },
      },
      {
        name: { ja: '手づくり最中', en: 'Handmade Monaka', zh: '手作最中', ko: '수제 모나카' },
        blurb: {
          ja: '香ばしい皮とあんを、召し上がる直前に合わせていただく最中です。',
          en: 'Crisp rice wafers that you fill with bean paste just before eating.',
          zh: '香脆的外皮与豆馅在享用前现场组合的最中。',
          ko: '고소한 껍질과 앙금을 드시기 직전에 합쳐 먹는 모나카입니다.',
        },
      },
      {
        name: { ja: 'わらび餅', en: 'Warabi Mochi', zh: '蕨饼', ko: '와라비모찌' },
        blurb: {
          ja: '本わらび粉を使った、とろけるような口どけのわらび餅です。香ばしいきな粉を添えて。',
          en: 'Pure bracken starch for a melt-in-the-mouth texture, served with roasted soybean flour.',
          zh: '采用纯蕨粉制作，入口即化，配上香浓的黄豆粉。',
          ko: '순수 고사리 전분으로 만들어 입에서 살살 녹습니다. 고소한 콩가루를 곁들였습니다.',
        },
      },
      {
        name: { ja: '栗きんとん', en: 'Kuri Kinton', zh: '栗金团', ko: '구리킨톤' },
        blurb: {
          ja: '岐阜県産の栗を蒸して裏ごしし、茶巾で絞った秋の味わいです。',
          en: 'Gifu chestnuts, steamed, sieved and shaped by hand in a cloth: the taste of autumn.',
          zh: '将岐阜县产栗子蒸熟过筛，用茶巾拧制而成的秋日风味。',
          ko: '기후현산 밤을 쪄서 체에 내린 뒤 천으로 모양을 낸 가을의 맛입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}の職人が、素材の持ち味をいかして一つひとつ手づくりしています。',
      en: 'Each piece is made by hand by our confectioners, letting the ingredients speak.',
      zh: '由我们的职人发挥食材本味，逐一手工制作。',
      ko: '저희 장인이 재료 본연의 맛을 살려 하나하나 손으로 만듭니다.',
    },
    facts: [
      {
        label: L.shelf,
        value: {
          ja: '製造日より30日',
          en: '30 days from production',
          zh: '生产日起30天',
          ko: '제조일로부터 30일',
        },
      },
      { label: L.storage, value: roomTemp },
    ],
    story: {
      ja: '創業以来受け継ぐ製法を守りながら、季節ごとに新しい意匠を考えています。菓子の色や形から、京都の四季を感じていただけたら幸いです。',
      en: 'We keep to the methods handed down since our founding while designing new shapes every season, so that our sweets bring the seasons of Kyoto to your table.',
      zh: '我们坚守创业以来传承的制法，同时每个季节构思新的造型，希望您能从点心的色彩与形状中感受京都的四季。',
      ko: '창업 이래 이어온 제법을 지키면서도 계절마다 새로운 모양을 고안합니다. 과자의 색과 모양에서 교토의 사계절을 느끼실 수 있기를 바랍니다.',
    },
    enjoy: {
      ja: '濃いめに淹れた煎茶や抹茶と合わせると、あんの甘みがいっそう引き立ちます。',
      en: 'Paired with strong sencha or matcha, the sweetness of the bean paste shines even more.',
      zh: '搭配浓郁的煎茶或抹茶，豆馅的甜味更加突出。',
      ko: '진하게 우린 센차나 말차와 곁들이면 앙금의 단맛이 한층 살아납니다.',
    },
  },
  yogashi: {
    food: true,
    basePrice: [1200, 2800],
    specs: [
      { axis: 'count', values: ['8', '12', '16', '24'], mult: [1, 1.4, 1.8, 2.6] },
      { axis: 'flavor', values: ['plain', 'chocolat', 'matcha', 'strawberry'], mult: [1, 1.1, 1.1, 1.15] },
    ],
    items: [
      {
        name: { ja: '焼き菓子', en: 'Baked Sweets', zh: '烘焙点心', ko: '구움과자' },
        blurb: {
          ja: 'フィナンシェやサブレなど、人気の焼き菓子を少しずつ詰め合わせました。',
          en: 'A little of each of our favourite bakes, from financiers to sablés.',
          zh: '费南雪、酥饼等人气烘焙点心，每样都装一点。',
          ko: '피낭시에와 사블레 등 인기 구움과자를 조금씩 담았습니다.',
        },
      },
      {
        name: { ja: 'フィナンシェ', en: 'Financiers', zh: '费南雪', ko: '피낭시에' },
        blurb: {
          ja: '焦がしバターの香りとアーモンドのコクが広がる、しっとりとしたフィナンシェです。',
          en: 'Moist financiers full of brown-butter aroma and rich almond.',
          zh: '焦化黄油的香气与杏仁的醇厚在口中扩散，口感湿润的费南雪。',
          ko: '태운 버터의 향과 아몬드의 고소함이 퍼지는 촉촉한 피낭시에입니다.',
        },
      },
      {
        name: { ja: 'バウムクーヘン', en: 'Baumkuchen', zh: '年轮蛋糕', ko: '바움쿠헨' },
        blurb: {
          ja: '一層ずつ丁寧に焼き重ねた、きめ細かな口当たりのバウムクーヘンです。',
          en: 'Baked layer upon layer for a fine, tender crumb.',
          zh: '一层一层细心烘烤叠加，口感细腻的年轮蛋糕。',
          ko: '한 겹 한 겹 정성껏 구워 쌓은 결이 고운 바움쿠헨입니다.',
        },
      },
      {
        name: { ja: 'クッキー缶', en: 'Cookie Tin', zh: '曲奇礼盒', ko: '쿠키 틴' },
        blurb: {
          ja: '開けた瞬間に笑顔になる、色とりどりのクッキーを缶いっぱいに詰めました。',
          en: 'A tin packed with colourful cookies that brings a smile the moment it opens.',
          zh: '满满一罐五颜六色的曲奇，打开的瞬间就让人露出笑容。',
          ko: '여는 순간 미소가 번지는 알록달록한 쿠키를 틴 가득 담았습니다.',
        },
      },
      {
        name: { ja: 'マドレーヌ', en: 'Madeleines', zh: '玛德琳蛋糕', ko: '마들렌' },
        blurb: {
          ja: '瀬戸内レモンの皮をすりおろして加えた、さわやかな香りのマドレーヌです。',
          en: 'Madeleines with grated Setouchi lemon zest for a fresh aroma.',
          zh: '加入濑户内柠檬皮屑，散发清新香气的玛德琳蛋糕。',
          ko: '세토우치 레몬 껍질을 갈아 넣어 상큼한 향의 마들렌입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}のパティシエが、発酵バターと国産小麦を使って毎朝焼き上げています。',
      en: 'Baked every morning by our pâtissiers with cultured butter and Japanese wheat.',
      zh: '我们的甜点师每天早晨使用发酵黄油和日本国产小麦烘焙。',
      ko: '저희 파티시에가 발효 버터와 일본산 밀로 매일 아침 굽습니다.',
    },
    facts: [
      {
        label: L.shelf,
        value: {
          ja: '製造日より21日',
          en: '21 days from production',
          zh: '生产日起21天',
          ko: '제조일로부터 21일',
        },
      },
      {
        label: L.storage,
        value: {
          ja: '高温多湿を避け、28℃以下の涼しい場所で保存してください。',
          en: 'Keep in a cool place below 28 °C, away from humidity.',
          zh: '请避免高温潮湿，在28℃以下的阴凉处保存。',
          ko: '고온다습한 곳을 피해 28℃ 이하의 서늘한 곳에 보관해 주세요.',
        },
      },
    ],
    story: {
      ja: 'フランスの小さな菓子店で学んだ配合を、日本の素材に合わせて何度も見直してきました。素朴でありながら、香りの豊かさにこだわっています。',
      en: 'Recipes learnt in a small French pâtisserie, refined again and again for Japanese ingredients: simple, yet rich in aroma.',
      zh: '在法国小甜品店学到的配方，针对日本食材反复调整，朴素却香气丰富。',
      ko: '프랑스의 작은 과자점에서 배운 배합을 일본 재료에 맞게 거듭 다듬었습니다. 소박하지만 풍부한 향을 고집합니다.',
    },
    enjoy: {
      ja: 'オーブントースターで軽く温めると、焼きたての香りがよみがえります。',
      en: 'Warm briefly in a toaster oven to bring back the just-baked aroma.',
      zh: '用烤箱稍微加热，即可重现刚出炉的香气。',
      ko: '오븐 토스터에 살짝 데우면 갓 구운 향이 되살아납니다.',
    },
  },
  tea: {
    food: true,
    basePrice: [1000, 2400],
    specs: [
      { axis: 'capacity', values: ['50g', '100g', '200g'], mult: [1, 1.8, 3.3] },
      { axis: 'flavor', values: ['sencha', 'gyokuro', 'hojicha', 'genmaicha'], mult: [1, 1.8, 0.9, 0.8] },
    ],
    items: [
      {
        name: { ja: '深蒸し煎茶', en: 'Fukamushi Sencha', zh: '深蒸煎茶', ko: '후카무시 센차' },
        blurb: {
          ja: 'じっくり蒸した茶葉ならではの、濃い緑色とまろやかなうまみが特長です。',
          en: 'Long-steamed leaves give a deep green cup and mellow umami.',
          zh: '长时间蒸制的茶叶，茶汤浓绿，鲜味醇和。',
          ko: '오래 찐 찻잎 특유의 진한 녹색과 부드러운 감칠맛이 특징입니다.',
        },
      },
      {
        name: { ja: '宇治抹茶', en: 'Uji Matcha', zh: '宇治抹茶', ko: '우지 말차' },
        blurb: {
          ja: '石臼でゆっくり挽いた、鮮やかな色と豊かな香りの抹茶です。',
          en: 'Slowly stone-ground matcha with a vivid colour and rich aroma.',
          zh: '用石磨慢慢研磨，色泽鲜艳、香气浓郁的抹茶。',
          ko: '맷돌로 천천히 갈아 선명한 색과 풍부한 향을 지닌 말차입니다.',
        },
      },
      {
        name: { ja: '特上玉露', en: 'Premium Gyokuro', zh: '特上玉露', ko: '특상 교쿠로' },
        blurb: {
          ja: '覆いをかけて育てた新芽だけを摘んだ、甘みの濃い玉露です。',
          en: 'Only the young shoots of shaded bushes, for an intensely sweet gyokuro.',
          zh: '只采摘遮荫栽培的新芽，甘味浓郁的玉露。',
          ko: '차광 재배한 새싹만 따서 단맛이 진한 교쿠로입니다.',
        },
      },
      {
        name: { ja: 'ほうじ茶ティーバッグ', en: 'Hojicha Tea Bags', zh: '焙茶茶包', ko: '호지차 티백' },
        blurb: {
          ja: '香ばしく焙じた茶葉を、手軽なティーバッグにしました。',
          en: 'Fragrant roasted tea in easy tea bags.',
          zh: '将焙制得香气四溢的茶叶做成方便的茶包。',
          ko: '고소하게 볶은 찻잎을 간편한 티백에 담았습니다.',
        },
        specs: [{ axis: 'count', values: ['10', '20', '30'], mult: [1, 1.8, 2.5] }],
      },
      {
        name: { ja: '和紅茶', en: 'Japanese Black Tea', zh: '日本红茶', ko: '일본 홍차' },
        blurb: {
          ja: '国産茶葉を発酵させた、渋みが少なくやさしい甘さの紅茶です。',
          en: 'Black tea from Japanese leaves: little astringency, gentle sweetness.',
          zh: '以日本国产茶叶发酵而成，涩味少、甜味柔和的红茶。',
          ko: '일본산 찻잎을 발효시켜 떫은맛이 적고 부드러운 단맛의 홍차입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}が契約農園の茶葉を自家焙煎で仕上げ、香りを閉じ込めて袋詰めしました。',
      en: 'We finish leaves from our partner farms in our own roaster and seal in the aroma.',
      zh: '我们将契约茶园的茶叶自家焙制，锁住香气后封装。',
      ko: '계약 농원의 찻잎을 저희가 직접 볶아 향을 가둔 채 포장했습니다.',
    },
    facts: [
      { label: L.shelf, value: months12 },
      {
        label: L.storage,
        value: {
          ja: '開封後は密閉し、冷暗所で保存してお早めにお召し上がりください。',
          en: 'Once opened, seal tightly, keep in a cool dark place and enjoy soon.',
          zh: '开封后请密封，置于阴凉避光处并尽早饮用。',
          ko: '개봉 후에는 밀봉하여 서늘하고 어두운 곳에 보관하고 빨리 드세요.',
        },
      },
    ],
    story: {
      ja: '茶葉は一番茶のみを使用。季節や天候に合わせて焙煎の火加減を毎回調整し、変わらない味をお届けしています。',
      en: 'Only first-flush leaves are used. We adjust the roasting fire to each season and day to keep the taste constant.',
      zh: '仅使用头茶。根据季节和天气每次调整焙火，始终如一地呈现不变的味道。',
      ko: '첫물차만 사용합니다. 계절과 날씨에 맞춰 매번 볶는 불 조절을 달리해 한결같은 맛을 전합니다.',
    },
    enjoy: {
      ja: '70〜80℃のお湯でゆっくり淹れると、甘みとうまみが引き立ちます。',
      en: 'Brew slowly with water at 70–80 °C to draw out sweetness and umami.',
      zh: '用70〜80℃的热水慢慢冲泡，更能带出甘甜与鲜味。',
      ko: '70~80℃의 물로 천천히 우리면 단맛과 감칠맛이 살아납니다.',
    },
  },
  sake: {
    food: false,
    basePrice: [1800, 4500],
    specs: [{ axis: 'capacity', values: ['300ml', '720ml', '1800ml'], mult: [0.5, 1, 1.9] }],
    items: [
      {
        name: { ja: '純米大吟醸', en: 'Junmai Daiginjo', zh: '纯米大吟酿', ko: '준마이 다이긴조' },
        blurb: {
          ja: '米を四割まで磨き上げた、果実のように華やかな香りの純米大吟醸です。',
          en: 'Rice polished down to 40% for a fruity, elegant bouquet.',
          zh: '将米粒精磨至四成，果香般华丽的纯米大吟酿。',
          ko: '쌀을 40%까지 깎아 과일처럼 화사한 향을 지닌 준마이 다이긴조입니다.',
        },
        priceFactor: 1.6,
      },
      {
        name: { ja: '辛口純米酒', en: 'Dry Junmai Sake', zh: '辛口纯米酒', ko: '드라이 준마이슈' },
        blurb: {
          ja: 'キレのある後味で、食中酒として毎日の晩酌に寄り添う一本です。',
          en: 'A crisp finish that makes it a companion for everyday meals.',
          zh: '余味爽利，适合日常佐餐小酌的一款酒。',
          ko: '깔끔한 뒷맛으로 매일의 반주에 잘 어울리는 한 병입니다.',
        },
      },
      {
        name: {
          ja: '紀州南高梅の梅酒',
          en: 'Nanko Plum Umeshu',
          zh: '纪州南高梅梅酒',
          ko: '기슈 난코우메 매실주',
        },
        blurb: {
          ja: '大粒の南高梅を日本酒に漬け込んだ、甘酸っぱく香り高い梅酒です。',
          en: 'Large Nanko plums steeped in sake: sweet, tart and fragrant.',
          zh: '将大颗南高梅浸泡于日本酒中，酸甜芳香的梅酒。',
          ko: '큼직한 난코우메를 일본주에 담가 새콤달콤하고 향긋한 매실주입니다.',
        },
      },
      {
        name: { ja: '本格米焼酎', en: 'Rice Shochu', zh: '本格米烧酒', ko: '혼카쿠 쌀소주' },
        blurb: {
          ja: '減圧蒸留ですっきりと仕上げた、米の甘みが香る焼酎です。',
          en: 'Vacuum-distilled for a clean taste with the sweetness of rice.',
          zh: '以减压蒸馏制成，口感清爽并带有米香的烧酒。',
          ko: '감압 증류로 깔끔하게 완성해 쌀의 단맛이 향기로운 소주입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}が山田錦と宮水で、冬の寒さの中じっくりと醸しました。',
      en: 'Slowly brewed through the winter cold from Yamada-nishiki rice and Miyamizu water.',
      zh: '我们以山田锦米与宫水，在冬季严寒中慢慢酿造。',
      ko: '야마다니시키 쌀과 미야미즈로 겨울 추위 속에서 천천히 빚었습니다.',
    },
    facts: [
      {
        label: L.shelf,
        value: {
          ja: '製造日より12か月（開栓後はお早めに）',
          en: '12 months from bottling (drink soon after opening)',
          zh: '装瓶起12个月（开瓶后请尽早饮用）',
          ko: '병입일로부터 12개월 (개봉 후 빨리 드세요)',
        },
      },
      {
        label: L.storage,
        value: {
          ja: '冷暗所または冷蔵庫で保存してください。20歳未満の方の飲酒は法律で禁止されています。',
          en: 'Keep in a cool dark place or the refrigerator. Drinking under the age of 20 is prohibited by law.',
          zh: '请置于阴凉避光处或冰箱保存。法律禁止未满20岁者饮酒。',
          ko: '서늘하고 어두운 곳이나 냉장고에 보관해 주세요. 20세 미만의 음주는 법으로 금지되어 있습니다.',
        },
      },
    ],
    story: {
      ja: '江戸時代から続く蔵で、杜氏と蔵人が昔ながらの手仕事を守っています。',
      en: 'In a brewery dating from the Edo period, the master brewer and his team keep the old handwork alive.',
      zh: '在延续自江户时代的酒藏中，杜氏与藏人坚守着传统手艺。',
      ko: '에도 시대부터 이어진 양조장에서 도지와 구라비토가 옛 손작업을 지키고 있습니다.',
    },
    enjoy: {
      ja: 'よく冷やして、またはぬる燗で。旬の魚料理とよく合います。',
      en: 'Serve well chilled or gently warmed; lovely with seasonal fish.',
      zh: '冰镇或温热饮用皆宜，与时令鱼料理十分相配。',
      ko: '차게 하거나 미지근하게 데워 드세요. 제철 생선 요리와 잘 어울립니다.',
    },
  },
  zakka: {
    food: false,
    basePrice: [1000, 2800],
    specs: [
      { axis: 'color', values: ['white', 'indigo', 'sakura', 'kinari'], mult: [1, 1, 1.05, 1] },
      { axis: 'size', values: ['small', 'medium', 'large'], mult: [1, 1.3, 1.7] },
    ],
    items: [
      {
        name: { ja: '注染手ぬぐい', en: 'Chusen Tenugui', zh: '注染手巾', ko: '주센 데누구이' },
        blurb: {
          ja: '職人が一枚ずつ染め上げた、裏まで色が通った手ぬぐいです。',
          en: 'Dyed one by one by craftsmen, with the colour going right through the cloth.',
          zh: '由职人逐张染制，颜色渗透至背面的手巾。',
          ko: '장인이 한 장씩 염색해 뒷면까지 색이 스며든 데누구이입니다.',
        },
      },
      {
        name: { ja: '綿の風呂敷', en: 'Cotton Furoshiki', zh: '棉质包袱布', ko: '면 후로시키' },
        blurb: {
          ja: '贈りものを包むのはもちろん、エコバッグとしても使える風呂敷です。',
          en: 'A wrapping cloth for gifts that doubles as a shopping bag.',
          zh: '既可用来包装礼物，也能当作环保袋使用的包袱布。',
          ko: '선물을 싸는 것은 물론 에코백으로도 쓸 수 있는 후로시키입니다.',
        },
      },
      {
        name: { ja: 'がま口ポーチ', en: 'Clasp Pouch', zh: '口金包', ko: '가마구치 파우치' },
        blurb: {
          ja: 'パチンと閉まる口金が心地よい、帆布のがま口ポーチです。',
          en: 'A canvas pouch with a satisfying snap clasp.',
          zh: '口金“啪”地合上手感舒适的帆布口金包。',
          ko: '딸깍 닫히는 잠금쇠가 기분 좋은 캔버스 파우치입니다.',
        },
        priceFactor: 1.4,
      },
      {
        name: { ja: '和ろうそく', en: 'Japanese Candles', zh: '和蜡烛', ko: '일본 양초' },
        blurb: {
          ja: '櫨の実から採った木蝋を手で塗り重ねた、炎がゆらぐ和ろうそくです。',
          en: 'Hand-layered sumac wax candles with a gently swaying flame.',
          zh: '以漆树果实提取的木蜡手工层层涂制，火焰摇曳的和蜡烛。',
          ko: '옻나무 열매에서 얻은 목랍을 손으로 덧발라 불꽃이 일렁이는 일본 양초입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}が各地の職人と相談しながら、毎日使いたくなる形に仕立てました。',
      en: 'Designed with artisans around Japan, for everyday use.',
      zh: '我们与各地职人共同商讨，打造出让人想每天使用的样式。',
      ko: '각지의 장인과 상의하며 매일 쓰고 싶은 모양으로 만들었습니다.',
    },
    facts: [
      {
        label: L.material,
        value: {
          ja: '綿100%（一部商品を除く）',
          en: 'Cotton 100% (some items excepted)',
          zh: '100%棉（部分商品除外）',
          ko: '면 100% (일부 상품 제외)',
        },
      },
      {
        label: L.care,
        value: {
          ja: '色落ちすることがあるため、はじめは単独で手洗いしてください。',
          en: 'Colours may run at first: hand-wash separately.',
          zh: '初次使用可能褪色，请单独手洗。',
          ko: '처음에는 물이 빠질 수 있으니 단독으로 손세탁해 주세요.',
        },
      },
    ],
    story: {
      ja: '藍染めや注染など、受け継がれてきた染めの技法を、今の暮らしに合う色柄で表現しています。',
      en: 'Traditional dyeing such as indigo and chusen, expressed in colours and patterns for life today.',
      zh: '以适合当今生活的色彩与纹样，呈现蓝染、注染等传承下来的染色技法。',
      ko: '쪽염색과 주센 등 전해 내려온 염색 기법을 오늘의 생활에 맞는 색과 무늬로 표현했습니다.',
    },
    enjoy: {
      ja: '使うほどに風合いが増し、手になじんでいきます。',
      en: 'The more you use it, the softer and more familiar it becomes.',
      zh: '越用越有质感，越用越顺手。',
      ko: '쓸수록 멋이 더해지고 손에 익어 갑니다.',
    },
  },
  shokki: {
    food: false,
    basePrice: [2000, 6000],
    specs: [
      { axis: 'size', values: ['small', 'medium', 'large'], mult: [1, 1.4, 1.9] },
      { axis: 'color', values: ['white', 'indigo', 'sumi', 'kinari'], mult: [1, 1.1, 1.1, 1] },
    ],
    items: [
      {
        name: {
          ja: '有田焼 染付小皿',
          en: 'Arita Blue-and-White Plates',
          zh: '有田烧青花小碟',
          ko: '아리타 청화 접시',
        },
        blurb: {
          ja: '白磁に藍の絵付けが映える、使い勝手のよい小皿です。',
          en: 'Handy small plates, indigo painting bright on white porcelain.',
          zh: '白瓷上的青花纹样格外醒目，使用方便的小碟。',
          ko: '백자에 쪽빛 그림이 돋보이는 쓰기 좋은 작은 접시입니다.',
        },
      },
      {
        name: { ja: '美濃焼 マグカップ', en: 'Mino-ware Mug', zh: '美浓烧马克杯', ko: '미노 도자기 머그' },
        blurb: {
          ja: 'ぽってりとした厚みで手になじむ、釉薬の表情が豊かなマグカップです。',
          en: 'A thick mug that sits well in the hand, with a richly varied glaze.',
          zh: '厚实圆润、握感舒适，釉色变化丰富的马克杯。',
          ko: '도톰한 두께로 손에 잘 맞고 유약의 표정이 풍부한 머그입니다.',
        },
      },
      {
        name: {
          ja: '江戸切子 ロックグラス',
          en: 'Edo Kiriko Rock Glass',
          zh: '江户切子威士忌杯',
          ko: '에도 기리코 록 글라스',
        },
        blurb: {
          ja: '職人が手作業でカットを施した、光を受けてきらめく江戸切子です。',
          en: 'Hand-cut by a craftsman, it sparkles as it catches the light.',
          zh: '由职人手工雕刻，在光线下闪闪发亮的江户切子。',
          ko: '장인이 손으로 커팅해 빛을 받으면 반짝이는 에도 기리코입니다.',
        },
        priceFactor: 3,
      },
      {
        name: { ja: '漆塗り 汁椀', en: 'Lacquered Soup Bowl', zh: '漆器汤碗', ko: '옻칠 국그릇' },
        blurb: {
          ja: '天然木に漆を何度も塗り重ねた、軽くて丈夫な汁椀です。',
          en: 'Natural wood with many coats of lacquer: light and durable.',
          zh: '在天然木材上反复涂漆，轻巧而坚固的汤碗。',
          ko: '천연 나무에 옻칠을 여러 번 덧발라 가볍고 튼튼한 국그릇입니다.',
        },
        priceFactor: 1.5,
      },
      {
        name: { ja: '夫婦箸', en: 'Pair of Chopsticks', zh: '夫妻筷', ko: '부부 젓가락' },
        blurb: {
          ja: '長さ違いの二膳を揃えた、結婚祝いにも選ばれるお箸です。',
          en: 'Two pairs in different lengths, a favourite wedding gift.',
          zh: '长短不同的两双筷子，也是结婚贺礼的热门之选。',
          ko: '길이가 다른 두 벌을 갖춘, 결혼 선물로도 사랑받는 젓가락입니다.',
        },
        specs: [{ axis: 'color', values: ['white', 'indigo', 'sumi'], mult: [1, 1.1, 1.1] }],
      },
    ],
    craft: {
      ja: '{tenant}が窯元や工房を訪ね、食卓で使いやすいものだけを選びました。',
      en: 'We visited kilns and workshops and chose only pieces that are easy to use at the table.',
      zh: '我们走访窑元与工坊，只挑选在餐桌上好用的器物。',
      ko: '가마와 공방을 찾아 식탁에서 쓰기 좋은 것만 골랐습니다.',
    },
    facts: [
      {
        label: L.material,
        value: {
          ja: '磁器・陶器・ガラス・漆（商品により異なります）',
          en: 'Porcelain, stoneware, glass or lacquer (depends on the item)',
          zh: '瓷器、陶器、玻璃或漆器（因商品而异）',
          ko: '자기, 도기, 유리, 옻칠 (상품에 따라 다름)',
        },
      },
      {
        label: L.care,
        value: {
          ja: '電子レンジ・食器洗い乾燥機のご使用はお避けください。',
          en: 'Not for microwave or dishwasher use.',
          zh: '请勿使用微波炉或洗碗机。',
          ko: '전자레인지와 식기세척기 사용은 피해 주세요.',
        },
      },
    ],
    story: {
      ja: '一点ずつ手仕事で仕上げるため、色や形にわずかな個体差があります。それも器の味わいとしてお楽しみください。',
      en: 'Each piece is finished by hand, so colour and shape vary slightly: part of the charm.',
      zh: '每件均为手工制作，色泽与形状略有差异，这也是器物的韵味所在。',
      ko: '하나하나 손으로 마무리해 색과 모양에 약간의 차이가 있습니다. 그것도 그릇의 멋으로 즐겨 주세요.',
    },
    enjoy: {
      ja: '普段の食卓はもちろん、来客時のおもてなしにも映えます。',
      en: 'Right for everyday meals, and a delight when welcoming guests.',
      zh: '既适合日常餐桌，也能为待客增色。',
      ko: '평소 식탁은 물론 손님 접대에도 돋보입니다.',
    },
  },
  towel: {
    food: false,
    basePrice: [1000, 3000],
    specs: [
      { axis: 'size', values: ['hand', 'face', 'bath'], mult: [0.6, 1, 2.2] },
      { axis: 'color', values: ['white', 'indigo', 'sakura', 'kinari'], mult: [1, 1, 1, 1] },
    ],
    items: [
      {
        name: { ja: '今治タオル', en: 'Imabari Towel', zh: '今治毛巾', ko: '이마바리 타월' },
        blurb: {
          ja: '洗うほどにやわらかくなる、厚手でふっくらとしたタオルです。',
          en: 'A thick, plump towel that gets softer with every wash.',
          zh: '厚实蓬松、越洗越柔软的毛巾。',
          ko: '빨수록 부드러워지는 도톰하고 폭신한 타월입니다.',
        },
      },
      {
        name: { ja: 'ガーゼタオル', en: 'Gauze Towel', zh: '纱布毛巾', ko: '거즈 타월' },
        blurb: {
          ja: '軽くて乾きやすい、六重ガーゼのやさしい肌ざわりのタオルです。',
          en: 'Six layers of gauze: light, quick-drying and gentle on the skin.',
          zh: '六层纱布制成，轻盈易干、触感温柔的毛巾。',
          ko: '6겹 거즈로 가볍고 잘 마르며 피부에 부드러운 타월입니다.',
        },
      },
      {
        name: {
          ja: 'オーガニックコットンタオル',
          en: 'Organic Cotton Towel',
          zh: '有机棉毛巾',
          ko: '오가닉 코튼 타월',
        },
        blurb: {
          ja: '農薬を使わずに育てた綿だけで織り上げた、赤ちゃんにも安心のタオルです。',
          en: 'Woven only from cotton grown without pesticides: safe even for babies.',
          zh: '只用无农药栽培的棉花织成，婴儿也能安心使用的毛巾。',
          ko: '농약 없이 키운 면으로만 짜서 아기에게도 안심인 타월입니다.',
        },
        priceFactor: 1.3,
      },
    ],
    craft: {
      ja: '{tenant}が今治の軟水で丁寧に晒し、ふんわりとした風合いに仕上げました。',
      en: "We bleach the cotton gently in Imabari's soft water for a fluffy finish.",
      zh: '我们以今治的软水细心漂洗，打造松软的触感。',
      ko: '이마바리의 연수로 정성껏 표백해 폭신한 감촉으로 완성했습니다.',
    },
    facts: [
      { label: L.material, value: { ja: '綿100%', en: 'Cotton 100%', zh: '100%棉', ko: '면 100%' } },
      {
        label: L.care,
        value: {
          ja: '洗濯ネットに入れて洗い、柔軟剤は控えめにお使いください。',
          en: 'Wash in a laundry net and use fabric softener sparingly.',
          zh: '请放入洗衣袋清洗，柔顺剂请适量使用。',
          ko: '세탁망에 넣어 세탁하고 섬유유연제는 적게 사용해 주세요.',
        },
      },
    ],
    story: {
      ja: '今治タオルの吸水性の基準「5秒ルール」をクリアした、水をよく吸うタオルです。',
      en: 'Passes the Imabari "five-second rule" for absorbency.',
      zh: '通过今治毛巾“5秒规则”吸水标准的毛巾。',
      ko: '이마바리 타월의 흡수성 기준인 "5초 룰"을 통과한 타월입니다.',
    },
    enjoy: {
      ja: '出産祝いや新生活のお祝いにも喜ばれる、定番の贈りものです。',
      en: 'A classic gift for a new baby or a new home.',
      zh: '也是庆祝宝宝诞生或乔迁新居的经典礼物。',
      ko: '출산 축하나 새 출발 축하 선물로도 인기 있는 스테디셀러입니다.',
    },
  },
  coffee: {
    food: true,
    basePrice: [1000, 2000],
    specs: [
      { axis: 'capacity', values: ['100g', '200g', '500g'], mult: [1, 1.8, 4] },
      { axis: 'flavor', values: ['dark-roast', 'medium-roast', 'light-roast'], mult: [1, 1, 1.05] },
    ],
    items: [
      {
        name: {
          ja: 'スペシャルティコーヒー豆',
          en: 'Specialty Coffee Beans',
          zh: '精品咖啡豆',
          ko: '스페셜티 원두',
        },
        blurb: {
          ja: '産地ごとの個性が際立つよう、豆に合わせて焙煎度合いを決めています。',
          en: "Each origin's character is brought out by a roast chosen for the bean.",
          zh: '根据豆子决定烘焙程度，凸显不同产地的个性。',
          ko: '산지별 개성이 돋보이도록 원두에 맞춰 로스팅 정도를 정합니다.',
        },
      },
      {
        name: { ja: 'ドリップバッグ', en: 'Drip Bags', zh: '挂耳咖啡', ko: '드립백' },
        blurb: {
          ja: 'カップにかけてお湯を注ぐだけで、本格的な一杯が楽しめます。',
          en: 'Hang one on a cup and pour: a proper cup of coffee anywhere.',
          zh: '挂在杯上注入热水，即可享用正宗的一杯。',
          ko: '컵에 걸고 물만 부으면 제대로 된 한 잔을 즐길 수 있습니다.',
        },
        specs: [
          { axis: 'count', values: ['5', '10', '20'], mult: [1, 1.9, 3.6] },
          { axis: 'flavor', values: ['dark-roast', 'medium-roast', 'light-roast'], mult: [1, 1, 1] },
        ],
      },
      {
        name: {
          ja: 'カフェオレベース',
          en: 'Café au Lait Base',
          zh: '咖啡欧蕾浓缩液',
          ko: '카페오레 베이스',
        },
        blurb: {
          ja: '牛乳で割るだけで、香り高いカフェオレができる無糖の濃縮コーヒーです。',
          en: 'Unsweetened coffee concentrate: just add milk for a fragrant café au lait.',
          zh: '无糖浓缩咖啡，只需加入牛奶即可调出香浓的咖啡欧蕾。',
          ko: '우유만 부으면 향긋한 카페오레가 되는 무가당 농축 커피입니다.',
        },
        specs: [{ axis: 'capacity', values: ['500ml', '1000ml'], mult: [1, 1.8] }],
      },
    ],
    craft: {
      ja: '{tenant}が小さな直火式焙煎機で、ご注文ごとに焼き上げています。',
      en: 'Roasted to order in our small direct-flame roaster.',
      zh: '我们使用小型直火烘焙机，按订单现烘。',
      ko: '작은 직화식 로스터로 주문마다 볶습니다.',
    },
    facts: [
      {
        label: L.shelf,
        value: {
          ja: '焙煎日より90日',
          en: '90 days from roasting',
          zh: '烘焙日起90天',
          ko: '로스팅일로부터 90일',
        },
      },
      {
        label: L.storage,
        value: {
          ja: '開封後は密閉容器に移し、冷凍庫での保存がおすすめです。',
          en: 'Once opened, move to an airtight container; the freezer is best.',
          zh: '开封后请移入密封容器，建议冷冻保存。',
          ko: '개봉 후에는 밀폐 용기에 옮겨 냉동 보관을 추천합니다.',
        },
      },
    ],
    story: {
      ja: '産地を訪ね、生産者と直接取引した豆だけを使っています。',
      en: 'We use only beans bought directly from growers we have visited.',
      zh: '只使用亲赴产地、与生产者直接交易的咖啡豆。',
      ko: '산지를 찾아가 생산자와 직접 거래한 원두만 사용합니다.',
    },
    enjoy: {
      ja: '挽きたてを92℃前後のお湯で、ゆっくり蒸らしてから淹れてください。',
      en: 'Grind fresh and brew with water at about 92 °C after a slow bloom.',
      zh: '请现磨后用约92℃的热水充分闷蒸再冲泡。',
      ko: '갓 갈아 92℃ 전후의 물로 충분히 뜸을 들인 뒤 내려 주세요.',
    },
  },
  seafood: {
    food: true,
    basePrice: [1500, 3500],
    specs: [{ axis: 'capacity', values: ['150g', '300g', '500g'], mult: [1, 1.8, 2.8] }],
    items: [
      {
        name: { ja: '真昆布の佃煮', en: 'Kelp Tsukudani', zh: '真昆布佃煮', ko: '다시마 쓰쿠다니' },
        blurb: {
          ja: '肉厚の真昆布を、醤油とみりんで甘辛くふっくらと炊き上げました。',
          en: 'Thick makombu kelp simmered sweet and savoury in soy sauce and mirin.',
          zh: '将肉厚的真昆布用酱油和味淋炖煮得甜咸适中、松软可口。',
          ko: '두툼한 마콘부를 간장과 미림으로 달콤 짭짤하게 졸였습니다.',
        },
      },
      {
        name: { ja: '辛子明太子', en: 'Karashi Mentaiko', zh: '辣味明太子', ko: '가라시 멘타이코' },
        blurb: {
          ja: '粒立ちのよい真子を、秘伝の調味液にじっくり漬け込みました。',
          en: 'Plump pollock roe slowly marinated in our secret seasoning.',
          zh: '颗粒饱满的鳕鱼子，在秘传调味液中慢慢腌渍而成。',
          ko: '알이 탱글탱글한 명란을 비법 양념에 천천히 절였습니다.',
        },
      },
      {
        name: {
          ja: '本枯節 削り節',
          en: 'Honkarebushi Bonito Flakes',
          zh: '本枯节鲣鱼片',
          ko: '혼카레부시 가쓰오부시',
        },
        blurb: {
          ja: 'カビ付けを重ねた本枯節を削りたてで詰めた、香り高い削り節です。',
          en: 'Freshly shaved flakes of long-cured bonito, wonderfully fragrant.',
          zh: '将多次发酵的本枯节现刨装袋，香气浓郁的鲣鱼片。',
          ko: '곰팡이 숙성을 거듭한 혼카레부시를 갓 깎아 담은 향긋한 가쓰오부시입니다.',
        },
      },
      {
        name: { ja: '焼き海苔', en: 'Toasted Nori', zh: '烤海苔', ko: '구운 김' },
        blurb: {
          ja: '有明海産の一番摘み海苔を、香ばしく焼き上げました。',
          en: 'First-harvest nori from the Ariake Sea, toasted until fragrant.',
          zh: '将有明海产的头茬海苔烤得香脆。',
          ko: '아리아케해산 첫물 김을 고소하게 구웠습니다.',
        },
        specs: [{ axis: 'count', values: ['3', '5', '10'], mult: [1, 1.6, 3] }],
      },
    ],
    craft: {
      ja: '{tenant}が市場で目利きした素材を、自社工場で丁寧に加工しました。',
      en: 'Chosen at the market and carefully prepared in our own kitchen.',
      zh: '我们在市场精挑细选食材，于自家工厂精心加工。',
      ko: '시장에서 고른 재료를 자사 공장에서 정성껏 가공했습니다.',
    },
    facts: [
      {
        label: L.shelf,
        value: {
          ja: '製造日より60日（明太子は冷凍で30日）',
          en: '60 days from production (mentaiko: 30 days frozen)',
          zh: '生产日起60天（明太子冷冻30天）',
          ko: '제조일로부터 60일 (명란젓은 냉동 30일)',
        },
      },
      {
        label: L.storage,
        value: {
          ja: '要冷蔵（10℃以下）。開封後はお早めにお召し上がりください。',
          en: 'Keep refrigerated (below 10 °C). Eat soon after opening.',
          zh: '需冷藏（10℃以下）。开封后请尽快食用。',
          ko: '냉장 보관 (10℃ 이하). 개봉 후에는 빨리 드세요.',
        },
      },
    ],
    story: {
      ja: '昆布は真昆布、鰹節は本枯節と、だしの素材から妥協せずに選んでいます。',
      en: 'From makombu kelp to honkarebushi bonito, we never compromise on the basics of dashi.',
      zh: '从真昆布到本枯节，对高汤的原料毫不妥协。',
      ko: '마콘부 다시마부터 혼카레부시 가쓰오부시까지 육수 재료 하나도 타협하지 않습니다.',
    },
    enjoy: {
      ja: '炊きたてのご飯やお茶漬けに添えて、海の香りをお楽しみください。',
      en: 'Enjoy the taste of the sea with freshly cooked rice or ochazuke.',
      zh: '搭配刚煮好的米饭或茶泡饭，享受大海的香气。',
      ko: '갓 지은 밥이나 오차즈케에 곁들여 바다의 향을 즐겨 보세요.',
    },
  },
  fruit: {
    food: true,
    basePrice: [1000, 2200],
    specs: [
      { axis: 'flavor', values: ['strawberry', 'yuzu', 'peach', 'apple'], mult: [1, 1.1, 1.2, 1] },
      { axis: 'count', values: ['2', '3', '4'], mult: [1, 1.45, 1.9] },
    ],
    items: [
      {
        name: { ja: '完熟果実のジャム', en: 'Ripe Fruit Jam', zh: '完熟果酱', ko: '완숙 과일 잼' },
        blurb: {
          ja: '果実をたっぷり使い、甘さ控えめに炊き上げた果肉感のあるジャムです。',
          en: 'Plenty of fruit, lightly sweetened, with real pieces of fruit.',
          zh: '使用大量果实、低糖熬制，果肉感十足的果酱。',
          ko: '과일을 듬뿍 넣고 달지 않게 졸여 과육감이 살아 있는 잼입니다.',
        },
      },
      {
        name: { ja: '果汁100%ジュース', en: '100% Fruit Juice', zh: '100%纯果汁', ko: '100% 과즙 주스' },
        blurb: {
          ja: '砂糖も水も加えずに、果実をそのまま搾った濃厚なジュースです。',
          en: 'Nothing but pressed fruit: no sugar, no water added.',
          zh: '不加糖也不加水，直接压榨果实而成的浓郁果汁。',
          ko: '설탕도 물도 넣지 않고 과일을 그대로 짠 진한 주스입니다.',
        },
      },
      {
        name: { ja: 'ドライフルーツ', en: 'Dried Fruit', zh: '果干', ko: '건과일' },
        blurb: {
          ja: '低温でゆっくり乾燥させ、果実本来の甘みを凝縮しました。',
          en: 'Slowly dried at low temperature to concentrate the natural sweetness.',
          zh: '低温慢慢干燥，浓缩果实原本的甜味。',
          ko: '저온에서 천천히 말려 과일 본연의 단맛을 응축했습니다.',
        },
      },
      {
        name: { ja: '果実ゼリー', en: 'Fruit Jelly', zh: '水果果冻', ko: '과일 젤리' },
        blurb: {
          ja: 'ぷるんとした食感の中に、果肉がごろっと入った贅沢なゼリーです。',
          en: 'A wobbly jelly with generous chunks of fruit inside.',
          zh: 'Q弹口感中含有大块果肉的奢华果冻。',
          ko: '탱글탱글한 식감 속에 과육이 큼직하게 들어간 호화로운 젤리입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}の果樹園で完熟を待って収穫した果実を、その日のうちに加工しています。',
      en: 'Fruit from our orchards is picked fully ripe and processed the same day.',
      zh: '我们果园的果实待完全成熟后采摘，并于当天加工。',
      ko: '저희 과수원에서 완숙을 기다려 수확한 과일을 그날 바로 가공합니다.',
    },
    facts: [
      {
        label: L.shelf,
        value: {
          ja: '製造日より180日',
          en: '180 days from production',
          zh: '生产日起180天',
          ko: '제조일로부터 180일',
        },
      },
      {
        label: L.storage,
        value: {
          ja: '開封後は冷蔵庫で保存し、2週間以内にお召し上がりください。',
          en: 'Once opened, refrigerate and finish within two weeks.',
          zh: '开封后请冷藏，并于两周内食用完毕。',
          ko: '개봉 후에는 냉장 보관하고 2주 이내에 드세요.',
        },
      },
    ],
    story: {
      ja: '和歌山の温暖な気候と水はけのよい斜面が、甘く香り高い果実を育てます。',
      en: 'The mild climate and well-drained slopes of Wakayama grow sweet, fragrant fruit.',
      zh: '和歌山温暖的气候与排水良好的山坡，孕育出香甜的果实。',
      ko: '와카야마의 온난한 기후와 물 빠짐이 좋은 비탈이 달고 향긋한 과일을 키웁니다.',
    },
    enjoy: {
      ja: 'ヨーグルトやトーストに添えても、炭酸水で割ってもおいしくお召し上がりいただけます。',
      en: 'Delicious on yoghurt or toast, or topped up with sparkling water.',
      zh: '搭配酸奶、吐司，或兑入苏打水都很美味。',
      ko: '요거트나 토스트에 곁들이거나 탄산수에 섞어도 맛있습니다.',
    },
  },
  incense: {
    food: false,
    basePrice: [1000, 3000],
    specs: [{ axis: 'scent', values: ['hinoki', 'sandalwood', 'yuzu', 'sakura'], mult: [1, 1.3, 1, 1.1] }],
    items: [
      {
        name: { ja: 'お香 スティック', en: 'Incense Sticks', zh: '线香', ko: '인센스 스틱' },
        blurb: {
          ja: '煙が少なく、やさしく香りが広がるスティックタイプのお香です。',
          en: 'Low-smoke incense sticks with a gently spreading scent.',
          zh: '烟少、香气柔和扩散的线香。',
          ko: '연기가 적고 향이 은은하게 퍼지는 스틱형 향입니다.',
        },
      },
      {
        name: { ja: 'ルームフレグランス', en: 'Room Fragrance', zh: '室内香氛', ko: '룸 프레이그런스' },
        blurb: {
          ja: 'リードを挿すだけで、お部屋に和の香りがゆっくりと広がります。',
          en: 'Just add the reeds and a Japanese scent slowly fills the room.',
          zh: '只需插上藤条，和风香气便在房间里慢慢弥漫。',
          ko: '리드만 꽂으면 방 안에 일본풍 향이 천천히 퍼집니다.',
        },
        priceFactor: 1.6,
      },
      {
        name: { ja: '匂い袋', en: 'Scent Sachet', zh: '香囊', ko: '향주머니' },
        blurb: {
          ja: 'ちりめんの小袋に香木を詰めた、引き出しやバッグに忍ばせる香りです。',
          en: 'A small crepe pouch of fragrant wood for drawers and bags.',
          zh: '在绉绸小袋中装入香木，可放入抽屉或包中的香囊。',
          ko: '지리멘 주머니에 향목을 담아 서랍이나 가방에 넣어 두는 향입니다.',
        },
        specs: [
          { axis: 'scent', values: ['hinoki', 'sandalwood', 'sakura'], mult: [1, 1.3, 1.1] },
          { axis: 'count', values: ['1', '3'], mult: [1, 2.6] },
        ],
      },
    ],
    craft: {
      ja: '{tenant}の調香師が、天然香料を中心に一つひとつ調合しています。',
      en: 'Blended one by one by our perfumers, mainly from natural ingredients.',
      zh: '我们的调香师以天然香料为主，逐一调配而成。',
      ko: '저희 조향사가 천연 향료를 중심으로 하나하나 조합합니다.',
    },
    facts: [
      {
        label: L.material,
        value: {
          ja: '天然香料・椨粉 ほか',
          en: 'Natural aromatics, tabu-no-ki powder and more',
          zh: '天然香料、楠木粉等',
          ko: '천연 향료, 후박나무 가루 등',
        },
      },
      {
        label: L.caution,
        value: {
          ja: '火気の取り扱いに注意し、燃えやすいものの近くでは使用しないでください。',
          en: 'Take care with fire and keep away from anything flammable.',
          zh: '请注意用火安全，勿在易燃物附近使用。',
          ko: '불 취급에 주의하고 타기 쉬운 물건 가까이에서는 사용하지 마세요.',
        },
      },
    ],
    story: {
      ja: '淡路島で四百年続く線香づくりの技を、現代の暮らしに合う香りで表現しました。',
      en: 'Four hundred years of Awaji Island incense-making, expressed in scents for modern life.',
      zh: '以适合现代生活的香气，演绎淡路岛延续四百年的制香技艺。',
      ko: '아와지섬에서 400년 이어진 향 제조 기술을 현대 생활에 맞는 향으로 표현했습니다.',
    },
    enjoy: {
      ja: '玄関やリビングで、気分を切り替えたいひとときにどうぞ。',
      en: 'Light one in the hallway or living room whenever you want a change of mood.',
      zh: '适合在玄关或客厅，想要转换心情时使用。',
      ko: '현관이나 거실에서 기분 전환이 필요할 때 사용해 보세요.',
    },
  },
  fermented: {
    food: true,
    basePrice: [1000, 2200],
    specs: [{ axis: 'capacity', values: ['300ml', '500ml', '1000ml'], mult: [0.7, 1, 1.8] }],
    items: [
      {
        name: {
          ja: '木桶仕込み醤油',
          en: 'Barrel-Brewed Soy Sauce',
          zh: '木桶酿造酱油',
          ko: '나무통 숙성 간장',
        },
        blurb: {
          ja: '国産大豆と小麦を木桶で二年熟成させた、まろやかな本醸造醤油です。',
          en: 'Japanese soybeans and wheat matured two years in wooden barrels for a mellow soy sauce.',
          zh: '以日本国产大豆与小麦在木桶中熟成两年，口感醇和的本酿造酱油。',
          ko: '일본산 콩과 밀을 나무통에서 2년 숙성시킨 부드러운 양조간장입니다.',
        },
      },
      {
        name: {
          ja: '天然醸造 米味噌',
          en: 'Naturally Brewed Rice Miso',
          zh: '天然酿造米味噌',
          ko: '천연 양조 쌀된장',
        },
        blurb: {
          ja: '糀をたっぷり使い、一年かけて自然に熟成させた甘口の味噌です。',
          en: 'Plenty of koji and a year of natural ageing make this a sweet, mild miso.',
          zh: '使用大量米曲，历经一年自然熟成的甜口味噌。',
          ko: '누룩을 듬뿍 넣어 1년 동안 자연 숙성시킨 달콤한 된장입니다.',
        },
        specs: [{ axis: 'capacity', values: ['500g', '1kg'], mult: [1, 1.8] }],
      },
      {
        name: { ja: '米糀の甘酒', en: 'Rice Koji Amazake', zh: '米曲甜酒', ko: '쌀누룩 아마자케' },
        blurb: {
          ja: '砂糖不使用。米と糀だけでつくる、やさしい甘さのノンアルコール甘酒です。',
          en: 'No added sugar: just rice and koji, gently sweet and alcohol-free.',
          zh: '不添加砂糖，只用米和米曲制成，甜味柔和的无酒精甜酒。',
          ko: '설탕 없이 쌀과 누룩만으로 만든 부드러운 단맛의 무알코올 아마자케입니다.',
        },
        specs: [{ axis: 'count', values: ['3', '6', '12'], mult: [1, 1.9, 3.6] }],
      },
      {
        name: { ja: '柚子ぽん酢', en: 'Yuzu Ponzu', zh: '柚子橙醋', ko: '유자 폰즈' },
        blurb: {
          ja: '高知県産の柚子果汁をぜいたくに使った、香り豊かなぽん酢です。',
          en: 'Rich in Kochi yuzu juice for a wonderfully fragrant ponzu.',
          zh: '大量使用高知县产柚子汁，香气浓郁的橙醋。',
          ko: '고치현산 유자 과즙을 아낌없이 넣은 향긋한 폰즈입니다.',
        },
      },
    ],
    craft: {
      ja: '{tenant}が自家製の糀を使い、木桶でじっくりと熟成させました。',
      en: 'Made with our own koji and slowly matured in wooden barrels.',
      zh: '我们使用自制米曲，在木桶中慢慢熟成。',
      ko: '직접 만든 누룩으로 나무통에서 천천히 숙성시켰습니다.',
    },
    facts: [
      { label: L.shelf, value: months12 },
      {
        label: L.storage,
        value: {
          ja: '開封後は冷蔵庫で保存してください。',
          en: 'Refrigerate once opened.',
          zh: '开封后请冷藏保存。',
          ko: '개봉 후에는 냉장 보관해 주세요.',
        },
      },
    ],
    story: {
      ja: '百年使い込んだ木桶に棲む蔵付きの酵母が、まろやかで奥行きのある味をつくります。',
      en: 'The yeasts living in our century-old barrels give a mellow, deep flavour.',
      zh: '栖息在使用百年的木桶中的酵母，酿出醇厚而有层次的味道。',
      ko: '100년 동안 써 온 나무통에 사는 효모가 부드럽고 깊은 맛을 만듭니다.',
    },
    enjoy: {
      ja: 'いつものお料理に少し加えるだけで、味に深みが生まれます。',
      en: 'A little in your everyday cooking adds depth of flavour.',
      zh: '只需在日常料理中加入少许，味道便更有层次。',
      ko: '평소 요리에 조금만 더해도 맛에 깊이가 생깁니다.',
    },
  },
};

/** Title suffixes ('' means none). */
export const PACKS: readonly L10n[] = [
  { ja: '', en: '', zh: '', ko: '' },
  { ja: ' 詰め合わせ', en: ' Assortment', zh: ' 什锦礼盒', ko: ' 모둠 세트' },
  { ja: ' 化粧箱入り', en: ' in a Gift Box', zh: ' 礼盒装', ko: ' 선물 상자' },
  { ja: ' ギフトセット', en: ' Gift Set', zh: ' 礼品套装', ko: ' 선물 세트' },
  { ja: ' 木箱入り', en: ' in a Wooden Box', zh: ' 木盒装', ko: ' 나무 상자' },
];

export const OCCASIONS: readonly L10n[] = [
  {
    ja: '<strong>内祝い</strong>やお中元・お歳暮など、季節のご挨拶にもおすすめです。',
    en: 'A fine choice for <strong>return gifts</strong> and seasonal greetings in summer or at the year end.',
    zh: '非常适合作为<strong>回礼</strong>，或中元、岁末等节令问候的礼品。',
    ko: '<strong>답례품</strong>이나 여름·연말 선물 등 계절 인사에도 추천합니다.',
  },
  {
    ja: 'ちょっとした<strong>手土産</strong>や、ご自宅用にもどうぞ。',
    en: 'Perfect as a small <strong>visiting gift</strong>, or simply for yourself.',
    zh: '也很适合作为小小的<strong>伴手礼</strong>或自用。',
    ko: '가벼운 <strong>방문 선물</strong>이나 집에서 즐기기에도 좋습니다.',
  },
  {
    ja: '大切な方への<strong>お祝い</strong>や<strong>お礼</strong>の気持ちを、上品にお届けします。',
    en: 'An elegant way to say <strong>congratulations</strong> or <strong>thank you</strong> to someone special.',
    zh: '以优雅的方式向重要的人表达<strong>祝贺</strong>或<strong>谢意</strong>。',
    ko: '소중한 분께 <strong>축하</strong>와 <strong>감사</strong>의 마음을 품격 있게 전합니다.',
  },
];

export const NOSHI_NOTE: L10n = {
  ja: 'のし・手提げ袋は店頭にて無料で承ります。',
  en: 'Noshi gift paper and carrier bags are available free of charge in store.',
  zh: '店内可免费提供熨斗礼签及手提袋。',
  ko: '노시(선물용 포장지)와 쇼핑백은 매장에서 무료로 제공합니다.',
};

export const LONG_NOTES: readonly L10n[] = [
  {
    ja: '※ 写真はイメージです。季節や仕入れの状況により、内容やパッケージが変わる場合がございます。',
    en: '* Photos are for illustration. Contents and packaging may change with the season and supply.',
    zh: '※ 图片仅供参考。内容及包装可能因季节或进货情况而有所变更。',
    ko: '※ 사진은 이미지입니다. 계절이나 입고 상황에 따라 구성과 포장이 바뀔 수 있습니다.',
  },
  {
    ja: '※ 店頭受け取りの商品は、お支払い後に各フロアの受け取りカウンターでお渡しいたします。',
    en: '* Items for store pickup are handed over at the pickup counter of each floor after payment.',
    zh: '※ 店内自提商品将于付款后在各楼层的取货柜台交付。',
    ko: '※ 매장 수령 상품은 결제 후 각 층의 수령 카운터에서 전달해 드립니다.',
  },
];

/** Appended to one product's description so the storefront's sanitiser is exercised. */
export const HOSTILE_HTML =
  '<p>お客さまの声をご紹介します。</p><script>alert("xss")</script><img src="x" onerror="alert(\'xss\')"><p><a href="javascript:alert(1)">詳しくはこちら</a></p>';
