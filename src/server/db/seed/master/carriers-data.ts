import { OrderStatus } from '../../../../shared/domain/order-status.ts';

/**
 * The demo's carriers (carriers.ts): each carrier with its event codes, our standard tracking
 * nodes, the depots, the free tracking-number pools and the volume limits.
 */

type Names = [cn: string, en: string, ar: string];

interface SeedCarrier {
  code: string;
  name: string;
  nameEn: string;
  country: string;
  contact: string;
  phone: string;
  email: string;
  trackingUrl: string;
  lastMile: boolean;
  /** The carrier's event codes, in the order of our standard nodes below (see NODE_NAMES). */
  events: Partial<Record<keyof typeof NODE_NAMES, string>>;
}

/** Our standard tracking nodes (tracking settings), in track order. */
export const NODE_NAMES = {
  RECEIVED: {
    names: ['已入仓', 'Received at the warehouse', 'تم الاستلام في المستودع'],
    status: OrderStatus.received,
  },
  PICKED_UP: {
    names: ['已揽收', 'Picked up by the carrier', 'تم استلام الشحنة من قبل الناقل'],
    status: OrderStatus.pickedUp,
  },
  IN_TRANSIT: { names: ['运输中', 'In transit', 'قيد النقل'], status: OrderStatus.inTransit },
  CUSTOMS: {
    names: ['清关中', 'Customs clearance', 'التخليص الجمركي'],
    status: OrderStatus.customsClearance,
  },
  ARRIVED: {
    names: ['已到达目的国', 'Arrived in the destination country', 'وصلت إلى بلد الوجهة'],
    status: OrderStatus.arrivedOverseas,
  },
  OUT_FOR_DELIVERY: {
    names: ['派送中', 'Out for delivery', 'خرجت للتوصيل'],
    status: OrderStatus.outForDelivery,
  },
  DELIVERY_FAILED: { names: ['派送失败', 'Delivery attempt failed', 'محاولة توصيل فاشلة'], status: null },
  SIGNED: { names: ['已签收', 'Delivered and signed', 'تم التسليم'], status: OrderStatus.signed },
  RETURNED: {
    names: ['已退回', 'Returned to sender', 'تمت الإعادة إلى المرسل'],
    status: OrderStatus.returned,
  },
  LOST: { names: ['已丢失', 'Lost', 'مفقودة'], status: OrderStatus.lost },
} satisfies Record<string, { names: Names; status: number | null }>;

export const CARRIERS: SeedCarrier[] = [
  {
    code: 'SMSA',
    name: 'SMSA快递',
    nameEn: 'SMSA Express',
    country: 'SA',
    contact: 'Faisal Al-Harbi',
    phone: '+966 11 4560000',
    email: 'dispatch@smsaexpress.example',
    trackingUrl: 'https://www.smsaexpress.com/trackingdetails?tracknumbers={no}',
    lastMile: true,
    events: {
      PICKED_UP: 'PU',
      IN_TRANSIT: 'AF',
      CUSTOMS: 'CC',
      OUT_FOR_DELIVERY: 'OD',
      DELIVERY_FAILED: 'UD',
      SIGNED: 'DL',
      RETURNED: 'RT',
    },
  },
  {
    code: 'ARAMEX',
    name: '阿拉麦克斯',
    nameEn: 'Aramex',
    country: 'AE',
    contact: 'Rania Haddad',
    phone: '+971 4 2865000',
    email: 'gulf.ops@aramex.example, lading@aramex.example',
    trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber={no}',
    lastMile: true,
    events: {
      PICKED_UP: 'SH014',
      IN_TRANSIT: 'SH022',
      CUSTOMS: 'SH160',
      ARRIVED: 'SH047',
      OUT_FOR_DELIVERY: 'SH003',
      DELIVERY_FAILED: 'SH033',
      SIGNED: 'SH005',
      RETURNED: 'SH069',
    },
  },
  {
    code: 'NAQEL',
    name: '纳奇尔快递',
    nameEn: 'Naqel Express',
    country: 'SA',
    contact: 'Omar Al-Qahtani',
    phone: '+966 920020505',
    email: 'cod.ops@naqel.example',
    trackingUrl: 'https://www.naqelexpress.com/en/tracking?awb={no}',
    lastMile: true,
    events: {
      PICKED_UP: '1',
      IN_TRANSIT: '3',
      ARRIVED: '4',
      OUT_FOR_DELIVERY: '5',
      DELIVERY_FAILED: '6',
      SIGNED: '7',
      RETURNED: '11',
    },
  },
  {
    code: 'JTSA',
    name: '极兔沙特',
    nameEn: 'J&T Express SA',
    country: 'SA',
    contact: 'Li Wei',
    phone: '+966 800 1160000',
    email: 'ksa.dispatch@jtexpress.example',
    trackingUrl: 'https://www.jtexpress.sa/trajectoryQuery?waybillNo={no}',
    lastMile: true,
    events: {
      PICKED_UP: 'PICKUP',
      IN_TRANSIT: 'DEPART',
      ARRIVED: 'ARRIVAL',
      OUT_FOR_DELIVERY: 'DELIVERING',
      SIGNED: 'SIGNED',
      RETURNED: 'RETURN',
    },
  },
  {
    code: 'IMILE',
    name: 'iMile',
    nameEn: 'iMile Delivery',
    country: 'AE',
    contact: 'Ahmed Saleh',
    phone: '+971 4 8873000',
    email: 'uae.ops@imile.example',
    trackingUrl: 'https://www.imile.com/track/?waybillNo={no}',
    lastMile: true,
    events: {
      PICKED_UP: 'PU',
      ARRIVED: 'HUB_IN',
      OUT_FOR_DELIVERY: 'OFD',
      DELIVERY_FAILED: 'DF',
      SIGNED: 'POD',
      RETURNED: 'RTO',
    },
  },
  {
    code: 'ZAJIL',
    name: '扎吉尔快递',
    nameEn: 'Zajil Express',
    country: 'KW',
    contact: 'Yousef Al-Mutairi',
    phone: '+965 1880004',
    email: 'ops@zajil.example',
    trackingUrl: 'https://zajil-express.com/en/track?awb={no}',
    lastMile: true,
    events: { ARRIVED: 'RCV', OUT_FOR_DELIVERY: 'OUT', SIGNED: 'DLV', RETURNED: 'RTN' },
  },
  {
    code: 'QPOST',
    name: '卡塔尔邮政',
    nameEn: 'Qatar Post',
    country: 'QA',
    contact: 'Mariam Al-Kuwari',
    phone: '+974 44464444',
    email: 'parcels@qatarpost.example',
    trackingUrl: 'https://www.qatarpost.qa/en/track?item={no}',
    lastMile: true,
    events: { CUSTOMS: 'EMD', ARRIVED: 'EDB', OUT_FOR_DELIVERY: 'EDH', SIGNED: 'EMI', RETURNED: 'EMJ' },
  },
  {
    code: 'BHPOST',
    name: '巴林邮政',
    nameEn: 'Bahrain Post',
    country: 'BH',
    contact: 'Hassan Ali',
    phone: '+973 17525555',
    email: 'ems@bahrainpost.example',
    trackingUrl: '',
    lastMile: true,
    events: { ARRIVED: 'EDB', OUT_FOR_DELIVERY: 'EDH', SIGNED: 'EMI' },
  },
  {
    code: 'OMPOST',
    name: '阿曼邮政',
    nameEn: 'Oman Post',
    country: 'OM',
    contact: 'Salim Al-Busaidi',
    phone: '+968 24769925',
    email: 'logistics@omanpost.example',
    trackingUrl: 'https://www.omanpost.om/track?no={no}',
    lastMile: true,
    events: { CUSTOMS: 'EMD', ARRIVED: 'EDB', OUT_FOR_DELIVERY: 'EDH', SIGNED: 'EMI', RETURNED: 'EMJ' },
  },
  {
    code: 'BOSTA',
    name: 'Bosta',
    nameEn: 'Bosta',
    country: 'EG',
    contact: 'Mostafa Kamel',
    phone: '+20 2 25980000',
    email: 'b2b@bosta.example',
    trackingUrl: 'https://bosta.co/tracking-shipments?shipment-number={no}',
    lastMile: true,
    events: {
      PICKED_UP: '21',
      IN_TRANSIT: '24',
      OUT_FOR_DELIVERY: '41',
      DELIVERY_FAILED: '47',
      SIGNED: '45',
      RETURNED: '46',
    },
  },
  {
    code: 'SF',
    name: '顺丰速运',
    nameEn: 'SF Express',
    country: 'CN',
    contact: '陈静',
    phone: '+86 755 95338',
    email: 'intl.linehaul@sf-express.example',
    trackingUrl: 'https://www.sf-express.com/chn/en/waybill/waybill-detail/{no}',
    lastMile: false,
    events: { PICKED_UP: '50', IN_TRANSIT: '30', CUSTOMS: '605', ARRIVED: '31', SIGNED: '80' },
  },
  {
    code: 'YUN',
    name: '云途物流',
    nameEn: 'YunExpress',
    country: 'CN',
    contact: '王磊',
    phone: '+86 755 23301686',
    email: 'ops@yunexpress.example',
    trackingUrl: 'https://www.yuntrack.com/parcelTracking?id={no}',
    lastMile: false,
    events: {
      RECEIVED: 'YT10',
      PICKED_UP: 'YT20',
      IN_TRANSIT: 'YT30',
      CUSTOMS: 'YT40',
      ARRIVED: 'YT50',
      SIGNED: 'YT90',
    },
  },
];

export const DEPOTS = [
  {
    code: 'SZX01',
    name: 'Shenzhen Warehouse 深圳仓',
    country: 'CN',
    address: '88 Fuyong Road, Bao’an District, Shenzhen, Guangdong',
  },
  {
    code: 'YIW01',
    name: 'Yiwu Warehouse 义乌仓',
    country: 'CN',
    address: '1 Chouzhou North Road, Yiwu, Zhejiang',
  },
  {
    code: 'RUH01',
    name: 'Riyadh Hub مركز الرياض',
    country: 'SA',
    address: 'Al Sulay Industrial Area, Riyadh 14322',
  },
];

/** A few hundred free numbers in the style of each carrier's waybills; iMile's pool is left low. */
export const POOLS = [
  { carrier: 'SMSA', prefix: '2900', digits: 8, count: 300 },
  { carrier: 'ARAMEX', prefix: '4412', digits: 7, count: 250 },
  { carrier: 'IMILE', prefix: '6100', digits: 9, count: 80 },
];

/** Daily caps per carrier and region code; pairs whose region is not seeded are skipped. */
export const VOLUME_LIMITS: [carrier: string, region: string, daily: number][] = [
  ['SMSA', 'SA', 5000],
  ['NAQEL', 'SA', 3000],
  ['JTSA', 'SA', 2500],
  ['SMSA', 'SA-RI', 1800],
  ['SMSA', 'SA-MK', 1200],
  ['ARAMEX', 'AE', 4000],
  ['IMILE', 'AE', 2000],
  ['ARAMEX', 'AE-DU', 1500],
  ['ZAJIL', 'KW', 1000],
  ['QPOST', 'QA', 800],
  ['BHPOST', 'BH', 500],
  ['OMPOST', 'OM', 600],
  ['BOSTA', 'EG', 1500],
];
