/** The demo movements' vocabulary (movements.ts): bill and batch remarks, airlines, airports. */

export const BILL_REMARKS = [
  '两箱外包装破损，已在仓库加固',
  'Carrier van came late: picked up after 21:00',
  '带电货物已单独打包',
  'Counted twice at the dock: pieces match',
  '承运商要求提前一天通知提货',
  'Seal numbers written on the manifest',
];

export const BATCH_REMARKS = [
  '舱位已确认',
  'Space confirmed with the airline',
  '航班延误两小时',
  'ULD built at CAN',
];

/** Airline prefixes (IATA) of the demo's air cargo, and the airline that flies it. */
export const AIRLINES: [prefix: string, airline: string, flight: string][] = [
  ['784', 'China Southern Cargo', 'CZ'],
  ['065', 'Saudia Cargo', 'SV'],
  ['176', 'Emirates SkyCargo', 'EK'],
  ['157', 'Qatar Airways Cargo', 'QR'],
];

/** Destination airports by country code. */
export const PORTS: Record<string, string> = {
  SA: 'RUH',
  AE: 'DXB',
  KW: 'KWI',
  QA: 'DOH',
  BH: 'BAH',
  OM: 'MCT',
  EG: 'CAI',
};
