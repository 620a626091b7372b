/**
 * The vocabulary of the demo orders (orders.ts): consignee names, phones and streets per destination,
 * goods, remarks, interception reasons and the places parcels pass. Names are [Latin, Arabic].
 */

export type Country = 'SA' | 'AE' | 'KW' | 'QA' | 'BH' | 'OM' | 'EG';

type Pair = [latin: string, arabic: string];

const GULF_MEN: Pair[] = [
  ['Mohammed', 'محمد'],
  ['Abdullah', 'عبدالله'],
  ['Fahad', 'فهد'],
  ['Khalid', 'خالد'],
  ['Saud', 'سعود'],
  ['Faisal', 'فيصل'],
  ['Turki', 'تركي'],
  ['Nasser', 'ناصر'],
  ['Sultan', 'سلطان'],
  ['Majed', 'ماجد'],
  ['Omar', 'عمر'],
  ['Yousef', 'يوسف'],
  ['Ahmed', 'أحمد'],
  ['Ali', 'علي'],
  ['Hamad', 'حمد'],
  ['Salem', 'سالم'],
  ['Rashid', 'راشد'],
  ['Bandar', 'بندر'],
];

const GULF_WOMEN: Pair[] = [
  ['Noura', 'نورة'],
  ['Sara', 'سارة'],
  ['Fatimah', 'فاطمة'],
  ['Reem', 'ريم'],
  ['Lama', 'لمى'],
  ['Hessa', 'حصة'],
  ['Maha', 'مها'],
  ['Aisha', 'عائشة'],
  ['Mariam', 'مريم'],
  ['Dana', 'دانة'],
  ['Shaikha', 'شيخة'],
  ['Latifa', 'لطيفة'],
  ['Amal', 'أمل'],
  ['Hind', 'هند'],
];

const EGYPT_MEN: Pair[] = [
  ['Ahmed', 'أحمد'],
  ['Mohamed', 'محمد'],
  ['Mahmoud', 'محمود'],
  ['Mostafa', 'مصطفى'],
  ['Hassan', 'حسن'],
  ['Karim', 'كريم'],
  ['Omar', 'عمر'],
  ['Youssef', 'يوسف'],
  ['Amr', 'عمرو'],
  ['Tarek', 'طارق'],
  ['Sherif', 'شريف'],
  ['Hany', 'هاني'],
];

const EGYPT_WOMEN: Pair[] = [
  ['Mona', 'منى'],
  ['Nour', 'نور'],
  ['Yasmin', 'ياسمين'],
  ['Heba', 'هبة'],
  ['Dina', 'دينا'],
  ['Mariam', 'مريم'],
  ['Salma', 'سلمى'],
  ['Aya', 'آية'],
  ['Rana', 'رنا'],
  ['Sherine', 'شيرين'],
];

/** Family names by destination. */
const FAMILIES: Record<Country, Pair[]> = {
  SA: [
    ['Al-Otaibi', 'العتيبي'],
    ['Al-Qahtani', 'القحطاني'],
    ['Al-Harbi', 'الحربي'],
    ['Al-Ghamdi', 'الغامدي'],
    ['Al-Zahrani', 'الزهراني'],
    ['Al-Shehri', 'الشهري'],
    ['Al-Dosari', 'الدوسري'],
    ['Al-Mutairi', 'المطيري'],
    ['Al-Anazi', 'العنزي'],
    ['Al-Shammari', 'الشمري'],
    ['Al-Subaie', 'السبيعي'],
    ['Al-Juhani', 'الجهني'],
  ],
  AE: [
    ['Al-Mansoori', 'المنصوري'],
    ['Al-Nuaimi', 'النعيمي'],
    ['Al-Shamsi', 'الشامسي'],
    ['Al-Falasi', 'الفلاسي'],
    ['Al-Mazrouei', 'المزروعي'],
    ['Al-Kaabi', 'الكعبي'],
    ['Al-Ketbi', 'الكتبي'],
    ['Al-Dhaheri', 'الظاهري'],
    ['Al-Suwaidi', 'السويدي'],
    ['Al-Hammadi', 'الحمادي'],
  ],
  KW: [
    ['Al-Mutairi', 'المطيري'],
    ['Al-Ajmi', 'العجمي'],
    ['Al-Enezi', 'العنزي'],
    ['Al-Rashidi', 'الرشيدي'],
    ['Al-Awadhi', 'العوضي'],
    ['Al-Kandari', 'الكندري'],
    ['Al-Hajri', 'الهاجري'],
    ['Al-Azmi', 'العازمي'],
  ],
  QA: [
    ['Al-Marri', 'المري'],
    ['Al-Kuwari', 'الكواري'],
    ['Al-Hajri', 'الهاجري'],
    ['Al-Naimi', 'النعيمي'],
    ['Al-Sulaiti', 'السليطي'],
    ['Al-Emadi', 'العمادي'],
    ['Al-Mohannadi', 'المهندي'],
    ['Al-Kubaisi', 'الكبيسي'],
  ],
  BH: [
    ['Al-Dossary', 'الدوسري'],
    ['Mahmood', 'محمود'],
    ['Haddad', 'حداد'],
    ['Al-Jishi', 'الجشي'],
    ['Al-Alawi', 'العلوي'],
    ['Al-Aali', 'العالي'],
    ['Buainain', 'بوعينين'],
  ],
  OM: [
    ['Al-Balushi', 'البلوشي'],
    ['Al-Hinai', 'الهنائي'],
    ['Al-Busaidi', 'البوسعيدي'],
    ['Al-Harthi', 'الحارثي'],
    ['Al-Rawahi', 'الرواحي'],
    ['Al-Kindi', 'الكندي'],
    ['Al-Saadi', 'السعدي'],
    ['Al-Maamari', 'المعمري'],
  ],
  EG: [
    ['Abdelrahman', 'عبدالرحمن'],
    ['El-Sayed', 'السيد'],
    ['Hassan', 'حسن'],
    ['Ibrahim', 'إبراهيم'],
    ['Mansour', 'منصور'],
    ['Fathy', 'فتحي'],
    ['Saleh', 'صالح'],
    ['Abdelaziz', 'عبدالعزيز'],
    ['Farouk', 'فاروق'],
    ['Nabil', 'نبيل'],
    ['Soliman', 'سليمان'],
    ['Ragab', 'رجب'],
  ],
};

/** Residents of the Gulf who write their names in Latin letters only. */
const EXPATS = [
  'Rahul Sharma',
  'Maria Santos',
  'Joseph Thomas',
  'Ayesha Khan',
  'Imran Ali',
  'Anil Kumar',
  'Grace Mendoza',
  'Bilal Ahmed',
  'Priya Nair',
  'John Mathew',
  'Fatima Begum',
  'Ramon Dela Cruz',
  'Sanjay Patel',
  'Hira Malik',
];

export const firstNames = (country: Country, woman: boolean): Pair[] =>
  country === 'EG' ? (woman ? EGYPT_WOMEN : EGYPT_MEN) : woman ? GULF_WOMEN : GULF_MEN;
export const familyNames = (country: Country): Pair[] => FAMILIES[country];
export const expatNames = (country: Country): string[] =>
  country === 'AE' || country === 'QA' || country === 'KW' || country === 'BH' ? EXPATS : [];

/** Mobile numbers: the country prefix, the operators' leading digits, then the groups of digits. */
export const PHONES: Record<Country, { prefix: string; lead: string[]; groups: number[]; local: string }> = {
  SA: { prefix: '+966', lead: ['50', '53', '54', '55', '56', '58', '59'], groups: [3, 4], local: '0' },
  AE: { prefix: '+971', lead: ['50', '52', '54', '55', '56', '58'], groups: [3, 4], local: '0' },
  KW: { prefix: '+965', lead: ['5', '6', '9'], groups: [3, 4], local: '' },
  QA: { prefix: '+974', lead: ['3', '5', '6', '7'], groups: [3, 4], local: '' },
  BH: { prefix: '+973', lead: ['33', '34', '36', '39'], groups: [2, 4], local: '' },
  OM: { prefix: '+968', lead: ['9', '7'], groups: [3, 4], local: '' },
  EG: { prefix: '+20', lead: ['10', '11', '12', '15'], groups: [4, 4], local: '0' },
};

/** Streets [Latin, Arabic] and the way each country writes an address. */
export const STREETS: Record<Country, Pair[]> = {
  SA: [
    ['King Fahd Road', 'طريق الملك فهد'],
    ['Olaya Street', 'شارع العليا'],
    ['Prince Sultan Road', 'طريق الأمير سلطان'],
    ['Tahlia Street', 'شارع التحلية'],
    ['King Abdulaziz Road', 'طريق الملك عبدالعزيز'],
    ['Palestine Street', 'شارع فلسطين'],
    ['Imam Saud Road', 'طريق الإمام سعود'],
    ['Al Madinah Road', 'طريق المدينة'],
    ['Anas Ibn Malik Road', 'طريق أنس بن مالك'],
  ],
  AE: [
    ['Sheikh Zayed Road', 'شارع الشيخ زايد'],
    ['Al Wasl Road', 'شارع الوصل'],
    ['Jumeirah Beach Road', 'شارع جميرا'],
    ['Hamdan Street', 'شارع حمدان'],
    ['Electra Street', 'شارع إلكترا'],
    ['Corniche Road', 'شارع الكورنيش'],
    ['Al Ittihad Road', 'شارع الاتحاد'],
    ['King Faisal Street', 'شارع الملك فيصل'],
  ],
  KW: [
    ['Street 15', 'شارع 15'],
    ['Street 3', 'شارع 3'],
    ['Street 112', 'شارع 112'],
    ['Gulf Road', 'شارع الخليج العربي'],
    ['Salem Al Mubarak Street', 'شارع سالم المبارك'],
  ],
  QA: [
    ['Street 840', 'شارع 840'],
    ['Al Waab Street', 'شارع الوعب'],
    ['Salwa Road', 'طريق سلوى'],
    ['Al Rayyan Road', 'طريق الريان'],
    ['C Ring Road', 'الدائري الثالث'],
  ],
  BH: [
    ['Road 2832', 'طريق 2832'],
    ['Road 1503', 'طريق 1503'],
    ['Road 4110', 'طريق 4110'],
    ['Exhibition Avenue', 'شارع المعارض'],
  ],
  OM: [
    ['Way 3013', 'سكة 3013'],
    ['Way 2731', 'سكة 2731'],
    ['Sultan Qaboos Street', 'شارع السلطان قابوس'],
    ['18th November Street', 'شارع 18 نوفمبر'],
  ],
  EG: [
    ['Abbas El Akkad St', 'شارع عباس العقاد'],
    ['Gamal Abdel Nasser St', 'شارع جمال عبدالناصر'],
    ['Mostafa El Nahas St', 'شارع مصطفى النحاس'],
    ['El Tahrir St', 'شارع التحرير'],
    ['Shehab St', 'شارع شهاب'],
    ['Gameat El Dewal El Arabeya St', 'شارع جامعة الدول العربية'],
  ],
};

/** An address line from a street and some numbers (building, unit, block…), in Latin or Arabic. */
export function addressLine(country: Country, street: Pair, n: number[], arabic: boolean): string {
  const [a, b, c] = n as [number, number, number];
  const s = arabic ? street[1] : street[0];
  if (arabic)
    switch (country) {
      case 'KW':
        return `قطعة ${1 + (a % 12)}، ${s}، منزل ${b}`;
      case 'QA':
        return `منطقة ${20 + (a % 70)}، ${s}، مبنى ${b}`;
      case 'BH':
        return `شقة ${c}، مبنى ${a}، ${s}، مجمع ${300 + (b % 700)}`;
      case 'OM':
        return `${s}، منزل ${a}`;
      case 'EG':
        return `${b} ${s}، الدور ${1 + (c % 9)}، شقة ${c}`;
      default:
        return `مبنى ${a}، ${s}، شقة ${c}`;
    }
  switch (country) {
    case 'SA':
      return `${a} ${s}, Unit ${c}`;
    case 'AE':
      return a % 3 === 0 ? `Villa ${b}, ${s}` : `Apt ${c}${String(a % 100).padStart(2, '0')}, ${s}`;
    case 'KW':
      return `Block ${1 + (a % 12)}, ${s}, House ${b}`;
    case 'QA':
      return `Zone ${20 + (a % 70)}, ${s}, Building ${b}`;
    case 'BH':
      return `Flat ${c}, Building ${a}, ${s}, Block ${300 + (b % 700)}`;
    case 'OM':
      return `House ${a}, ${s}`;
    case 'EG':
      return `${b} ${s}, Floor ${1 + (c % 9)}, Apt ${c}`;
  }
}

/** What the consignee pays in (COD) at each destination. */
export const CURRENCY: Record<Country, string> = {
  SA: 'SAR',
  AE: 'AED',
  KW: 'KWD',
  QA: 'QAR',
  BH: 'BHD',
  OM: 'OMR',
  EG: 'EGP',
};

/** Units of each currency for one US dollar (roughly; for plausible shop prices). */
export const FX: Record<Country, number> = {
  SA: 3.75,
  AE: 3.67,
  KW: 0.31,
  QA: 3.64,
  BH: 0.38,
  OM: 0.38,
  EG: 48,
};

/** A COD amount's range in the local currency. */
export const COD_RANGE: Record<Country, [number, number]> = {
  SA: [49, 499],
  AE: [39, 459],
  KW: [4, 39],
  QA: [39, 449],
  BH: [4, 45],
  OM: [4, 45],
  EG: [199, 2499],
};

/** The airports (or ports) parcels fly from and clear customs at. */
export const ORIGIN_HUBS = [
  'Guangzhou Baiyun International Airport (CAN)',
  "Shenzhen Bao'an International Airport (SZX)",
];
export const SEA_PORT = 'Yantian Port, Shenzhen';
export const CUSTOMS_POINT: Record<Country, string> = {
  SA: 'King Khalid International Airport (RUH)',
  AE: 'Dubai International Airport (DXB)',
  KW: 'Kuwait International Airport (KWI)',
  QA: 'Hamad International Airport (DOH)',
  BH: 'Bahrain International Airport (BAH)',
  OM: 'Muscat International Airport (MCT)',
  EG: 'Cairo International Airport (CAI)',
};
export const SEA_CUSTOMS: Partial<Record<Country, string>> = {
  SA: 'King Abdulaziz Port, Dammam',
  AE: 'Jebel Ali Port, Dubai',
};

/** Goods: English and Chinese names, hs code, unit price range (USD), specification, how often. */
export interface Goods {
  en: string;
  cn: string;
  hs: string;
  price: [number, number];
  spec: string;
  weight: number;
}

export const GOODS: Goods[] = [
  {
    en: 'Wireless earbuds',
    cn: '无线蓝牙耳机',
    hs: '851762',
    price: [8, 25],
    spec: 'Bluetooth 5.3, black',
    weight: 8,
  },
  { en: 'Phone case', cn: '手机壳', hs: '392690', price: [1.5, 5], spec: 'TPU, clear', weight: 10 },
  {
    en: "Women's abaya",
    cn: '女士长袍',
    hs: '620442',
    price: [12, 40],
    spec: 'Size L, black crepe',
    weight: 9,
  },
  { en: "Men's thobe", cn: '男士长袍', hs: '620342', price: [10, 30], spec: 'Size 56, white', weight: 5 },
  { en: 'Prayer mat', cn: '祈祷毯', hs: '570500', price: [5, 15], spec: '70×110 cm', weight: 5 },
  {
    en: 'LED desk lamp',
    cn: 'LED台灯',
    hs: '940520',
    price: [6, 18],
    spec: 'USB, 3 colour modes',
    weight: 4,
  },
  { en: 'Smart watch', cn: '智能手表', hs: '851762', price: [15, 45], spec: '1.8 inch, black', weight: 7 },
  { en: 'Kids sneakers', cn: '儿童运动鞋', hs: '640411', price: [7, 18], spec: 'Size 30', weight: 5 },
  {
    en: 'Hijab scarf',
    cn: '头巾',
    hs: '621410',
    price: [2, 6],
    spec: 'Chiffon, assorted colours',
    weight: 8,
  },
  { en: 'Makeup brush set', cn: '化妆刷套装', hs: '960329', price: [3, 10], spec: '12 pcs', weight: 5 },
  { en: 'Yoga mat', cn: '瑜伽垫', hs: '950691', price: [5, 14], spec: '6 mm, TPE', weight: 3 },
  { en: 'USB-C charging cable', cn: 'USB-C数据线', hs: '854442', price: [1, 3], spec: '1 m', weight: 8 },
  {
    en: 'Bluetooth speaker',
    cn: '蓝牙音箱',
    hs: '851822',
    price: [9, 25],
    spec: 'Portable, waterproof',
    weight: 4,
  },
  { en: "Women's handbag", cn: '女士手提包', hs: '420222', price: [8, 30], spec: 'PU leather', weight: 6 },
  { en: 'Sunglasses', cn: '太阳镜', hs: '900410', price: [3, 12], spec: 'UV400', weight: 5 },
  { en: 'Building blocks toy', cn: '积木玩具', hs: '950300', price: [5, 20], spec: '500 pcs', weight: 4 },
  {
    en: 'Baby clothes set',
    cn: '婴儿服装套装',
    hs: '611120',
    price: [4, 12],
    spec: '6-12 months',
    weight: 5,
  },
  { en: 'Hair dryer', cn: '吹风机', hs: '851631', price: [10, 25], spec: '220 V, 1800 W', weight: 3 },
  {
    en: 'Arabic coffee pot',
    cn: '阿拉伯咖啡壶',
    hs: '732393',
    price: [8, 20],
    spec: 'Stainless steel, 1 l',
    weight: 3,
  },
  { en: 'Electric incense burner', cn: '电子香薰炉', hs: '851679', price: [6, 18], spec: 'USB', weight: 3 },
  { en: 'Cotton T-shirt', cn: '纯棉T恤', hs: '610910', price: [2, 6], spec: 'Size M', weight: 7 },
  { en: 'Jeans', cn: '牛仔裤', hs: '620342', price: [6, 15], spec: 'W32', weight: 4 },
  { en: 'Bed sheet set', cn: '床单套装', hs: '630231', price: [8, 20], spec: 'Queen, 4 pcs', weight: 3 },
  { en: 'Vacuum flask', cn: '保温杯', hs: '961700', price: [4, 10], spec: '500 ml', weight: 4 },
  { en: 'Gaming mouse', cn: '游戏鼠标', hs: '847160', price: [6, 15], spec: 'RGB, 7200 dpi', weight: 3 },
  {
    en: 'Mechanical keyboard',
    cn: '机械键盘',
    hs: '847160',
    price: [18, 40],
    spec: '87 keys, blue switches',
    weight: 2,
  },
  { en: 'False eyelashes', cn: '假睫毛', hs: '670420', price: [1, 4], spec: '10 pairs', weight: 4 },
  { en: 'Wooden book stand', cn: '木质书架', hs: '442090', price: [4, 12], spec: 'Folding', weight: 2 },
  // Goods customs may hold (their names hit the seeded sensitive words).
  { en: 'Power bank 10000mAh', cn: '充电宝', hs: '850760', price: [8, 20], spec: 'Type-C', weight: 1 },
  { en: 'Perfume 100 ml', cn: '香水', hs: '330300', price: [10, 35], spec: 'Oud', weight: 1 },
  { en: 'Kitchen knife set', cn: '刀具套装', hs: '821191', price: [10, 28], spec: '6 pcs', weight: 1 },
  {
    en: 'Magnetic car phone holder',
    cn: '磁吸车载手机支架',
    hs: '870829',
    price: [2, 6],
    spec: 'Dashboard',
    weight: 1,
  },
  { en: 'Nail polish set', cn: '指甲油套装', hs: '330430', price: [3, 9], spec: '12 colours', weight: 1 },
];

/** Remarks staff and customers leave on orders. */
export const REMARKS = [
  '客户要求周末派送',
  'Call the consignee before delivery',
  '收件人电话无人接听，已短信联系',
  'Consignee asked for delivery after 5 pm',
  '地址不全，已联系客户补充门牌号',
  'Customer confirmed the COD amount by phone',
  '外箱破损，已在仓库加固',
  'Fragile: glass items inside',
  '客户要求改派至新地址',
  'Checked with the customer: not a duplicate order',
  '已与承运商确认派送时间',
  'Consignee refused the first attempt: wrong size',
  '仓库复称重量与申报不符，已通知客户',
  'Customs asked for the invoice: sent',
];

export const INTERCEPT_REASONS = [
  '客户要求取消发货',
  'The buyer cancelled the sale',
  '收件人地址错误',
  'Wrong item packed',
  '买家已退款',
  'Duplicate shipment',
];

export const INTERCEPT_RESULTS = {
  succeeded: ['已在仓库拦截，待客户处理', 'Held at the hub, returning to the warehouse'],
  failed: ['承运商已派送，拦截失败', 'Already out for delivery'],
};

export const DELIVERY_FAILURES = [
  'Consignee not reachable by phone',
  'Consignee asked to reschedule',
  'Address incomplete',
  'Consignee not at home',
];

export const CANCEL_REASONS = ['Customer cancelled', '客户取消订单', 'Duplicate order', '买家取消'];
