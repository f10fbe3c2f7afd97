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
        phone: '09012345678',
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
      nameKana: 'フリガナは全角カタカナで入力してください',
      phone: '電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフンは省略できます）',
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

  it('still has a reading given checked as katakana', () => {
    const result = validateAddressValues({ ...GOOD, name: 'Jane Smith', nameKana: 'Jane' }, NOW);
    expect(result.ok ? null : result.fields.nameKana).toBe(JAPANESE_MESSAGES.kanaFormat);
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
