import { isLatinName, JAPANESE_MESSAGES, postalDigits, validateAddressValues } from './address-rules.ts';

const NOW = Date.UTC(2025, 0, 15, 1, 0, 0); // 2025-01-15 10:00 in Tokyo

const GOOD = {
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-1',
  building: '',
  name: '山田 太郎',
  nameKana: 'ヤマダ タロウ',
  phone: '03-1234-5678',
  deliveryDate: '',
  deliveryTimeSlot: '',
};

describe('the address rules the form and the server share', () => {
  it('reads a postal code with full-width digits, any dash or 〒, and refuses anything but 7 digits', () => {
    expect(postalDigits('１００ー０００１')).toBe('1000001');
    expect(postalDigits('〒100-0001')).toBe('1000001');
    expect(postalDigits('1000001')).toBe('1000001');
    expect(postalDigits('100-001')).toBeNull();
    expect(postalDigits('abc')).toBeNull();
  });

  it('normalises a good address as the server stores it', () => {
    const result = validateAddressValues(
      { ...GOOD, postalCode: '１０００００１', phone: '090-1234-5678' },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      address: {
        ...GOOD,
        postalCode: '100-0001',
        phone: '+819012345678',
        building: null,
        deliveryDate: null,
        deliveryTimeSlot: null,
      },
    });
  });

  it('gives every empty required field its message, and leaves the optional ones alone', () => {
    const result = validateAddressValues(
      { postalCode: '', prefecture: '', city: '', street: '', name: '', nameKana: '', phone: '' },
      NOW,
    );
    expect(result.ok ? null : result.fields).toEqual({
      postalCode: '郵便番号を入力してください',
      prefecture: '都道府県を選択してください',
      city: '市区町村を入力してください',
      street: '番地を入力してください',
      name: '氏名を入力してください',
      nameKana: 'フリガナを入力してください',
      phone: '電話番号を入力してください',
    });
  });

  it('checks the postal code, the katakana, the phone, the date and the slot', () => {
    const result = validateAddressValues(
      {
        ...GOOD,
        postalCode: '123-45',
        nameKana: 'やまだ',
        phone: '12-3456-7890',
        deliveryDate: '2025-01-17',
        deliveryTimeSlot: 'night',
      },
      NOW,
    );
    expect(result.ok ? null : result.fields).toEqual({
      postalCode: '郵便番号は7桁の数字で入力してください（例: 100-0001）',
      nameKana: 'フリガナは全角カタカナ（海外のお名前はローマ字）で入力してください',
      phone: JAPANESE_MESSAGES.phoneFormat,
      deliveryDate: 'お届け希望日は2025年1月18日以降の日付を選択してください',
      deliveryTimeSlot: 'お届け時間帯は選択肢から選んでください',
    });
  });
});

describe('a name in Latin letters', () => {
  it('is told apart from a Japanese name', () => {
    for (const name of ['Jane Smith', "Mary O'Neil-Smith", 'Nguyễn Văn A', 'ＪＯＨＮ ＤＯＥ', 'J. R. Doe']) {
      expect(isLatinName(name), name).toBe(true);
    }
    for (const name of ['山田 太郎', 'ヤマダ', '김민수', '王小明', 'Jane 山田', '', '123']) {
      expect(isLatinName(name), name).toBe(false);
    }
  });

  it('needs no katakana reading; a Japanese name still does', () => {
    const latin = validateAddressValues({ ...GOOD, name: 'Jane Smith', nameKana: '' }, NOW);
    expect(latin).toMatchObject({ ok: true, address: { name: 'Jane Smith', nameKana: '' } });
    const japanese = validateAddressValues({ ...GOOD, nameKana: '' }, NOW);
    expect(japanese.ok ? null : japanese.fields.nameKana).toBe('フリガナを入力してください');
  });

  it('still has a reading given checked as katakana or Latin letters', () => {
    const result = validateAddressValues({ ...GOOD, name: 'Jane Smith', nameKana: 'じぇーん' }, NOW);
    expect(result.ok ? null : result.fields.nameKana).toBe(JAPANESE_MESSAGES.kanaFormat);
  });
});

describe('a name in any script', () => {
  it('takes a name in Hangul with its reading in Latin letters or katakana, and needs one of them', () => {
    const latin = validateAddressValues({ ...GOOD, name: '김민지', nameKana: 'Kim Minji' }, NOW);
    expect(latin).toMatchObject({ ok: true, address: { name: '김민지', nameKana: 'Kim Minji' } });
    const kana = validateAddressValues({ ...GOOD, name: '김민지', nameKana: 'キム ミンジ' }, NOW);
    expect(kana).toMatchObject({ ok: true, address: { nameKana: 'キム ミンジ' } });
    const none = validateAddressValues({ ...GOOD, name: '김민지', nameKana: '' }, NOW);
    expect(none.ok ? null : none.fields.nameKana).toBe('フリガナを入力してください');
    const hangul = validateAddressValues({ ...GOOD, name: '김민지', nameKana: '김민지' }, NOW);
    expect(hangul.ok ? null : hangul.fields.nameKana).toBe(JAPANESE_MESSAGES.kanaFormat);
  });

  it('takes a Chinese name with its reading in pinyin', () => {
    const result = validateAddressValues({ ...GOOD, name: '王小明', nameKana: 'Wang Xiaoming' }, NOW);
    expect(result).toMatchObject({ ok: true, address: { name: '王小明', nameKana: 'Wang Xiaoming' } });
  });
});

describe('a phone number from anywhere', () => {
  const phone = (value: string) => validateAddressValues({ ...GOOD, phone: value }, NOW);

  it('keeps a Japanese number written as shoppers write it, in E.164', () => {
    expect(phone('090-1234-5678')).toMatchObject({ ok: true, address: { phone: '+819012345678' } });
    expect(phone('０３－１２３４－５６７８')).toMatchObject({ ok: true, address: { phone: '+81312345678' } });
    expect(phone('(03) 1234 5678')).toMatchObject({ ok: true, address: { phone: '+81312345678' } });
    expect(phone('+81 90-1234-5678')).toMatchObject({ ok: true, address: { phone: '+819012345678' } });
  });

  it('takes a number from abroad with + and its country code', () => {
    expect(phone('+82 10-1234-5678')).toMatchObject({ ok: true, address: { phone: '+821012345678' } });
    expect(phone('＋82 010 1234 5678')).toMatchObject({ ok: true, address: { phone: '+821012345678' } });
    expect(phone('+86 138 0013 8000')).toMatchObject({ ok: true, address: { phone: '+8613800138000' } });
  });

  it('never takes a Korean 010 number or a dialled international prefix as Japanese', () => {
    for (const value of ['010-1234-5678', '01012345678', '0082-10-1234-5678', '010-82-10-1234-5678']) {
      const result = phone(value);
      expect(result.ok ? null : result.fields.phone, value).toBe(JAPANESE_MESSAGES.phoneInternational);
    }
  });

  it('refuses what is no phone number', () => {
    for (const value of ['12-3456-7890', '+82 12', '090-1234', 'tel']) {
      const result = phone(value);
      expect(result.ok ? null : result.fields.phone, value).toBe(JAPANESE_MESSAGES.phoneFormat);
    }
  });
});

describe('the messages', () => {
  it('come in the words the caller passes', () => {
    const words = {
      ...JAPANESE_MESSAGES,
      postalFormat: 'Enter 7 digits.',
      required: (field: string) => `${field}?`,
    };
    const result = validateAddressValues({ ...GOOD, postalCode: '12', city: '' }, NOW, words);
    expect(result.ok ? null : result.fields).toEqual({ postalCode: 'Enter 7 digits.', city: 'city?' });
  });
});
