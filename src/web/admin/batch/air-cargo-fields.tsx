import { useLingui } from '@lingui/react/macro';
import { Col, DatePicker, Form, Input, Radio, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { BatchRecord } from '../../../shared/contract/batch.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';

/** The air cargo as the form holds it: times as dayjs, the two flags as 1/0 until chosen. */
export interface AirCargoValues {
  airlineBillNo?: string;
  airCargoNo?: string;
  departurePort?: string;
  destinationPort?: string;
  departureTime?: Dayjs | null;
  arrivalTime?: Dayjs | null;
  portCarrier?: string;
  firstCarrier?: string;
  charged?: 0 | 1;
  mixed?: 0 | 1;
}

export const AIR_CARGO_FIELDS = [
  'airlineBillNo',
  'airCargoNo',
  'departurePort',
  'destinationPort',
  'departureTime',
  'arrivalTime',
  'portCarrier',
  'firstCarrier',
  'charged',
  'mixed',
] as const;

export const airCargoOf = (b: BatchRecord): AirCargoValues => ({
  airlineBillNo: b.airlineBillNo,
  airCargoNo: b.airCargoNo,
  departurePort: b.departurePort,
  destinationPort: b.destinationPort,
  departureTime: b.departureTime ? dayjs(b.departureTime) : null,
  arrivalTime: b.arrivalTime ? dayjs(b.arrivalTime) : null,
  portCarrier: b.portCarrier,
  firstCarrier: b.firstCarrier,
  charged: b.charged ? 1 : 0,
  mixed: b.mixed ? 1 : 0,
});

/** The request's air cargo: trimmed texts, ISO times; the server checks the same rules again. */
export const airCargoBody = (v: AirCargoValues) => ({
  airlineBillNo: v.airlineBillNo?.trim() ?? '',
  airCargoNo: v.airCargoNo?.trim() ?? '',
  departurePort: v.departurePort?.trim() ?? '',
  destinationPort: v.destinationPort?.trim() ?? '',
  departureTime: v.departureTime ? v.departureTime.toISOString() : null,
  arrivalTime: v.arrivalTime ? v.arrivalTime.toISOString() : null,
  portCarrier: v.portCarrier?.trim() ?? '',
  firstCarrier: v.firstCarrier?.trim() ?? '',
  charged: v.charged ?? null,
  mixed: v.mixed ?? null,
});

const TIME = 'YYYY-MM-DD HH:mm';

/**
 * The air cargo of a batch (spec "Batch / air cargo"): the airline bill no, charged (battery goods)
 * and mixed are required, with the spec's messages; the arrival must follow the departure.
 */
export function AirCargoFields() {
  const { t, i18n } = useLingui();
  const yesNo = [
    { value: 1, label: t`Yes` },
    { value: 0, label: t`No` },
  ];
  const half = { xs: 24, sm: 12 };
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item
          name="airlineBillNo"
          label={t`Airline bill no`}
          rules={[{ required: true, whitespace: true, message: i18n._(m.airlineBillRequired) }]}
        >
          <Input maxLength={40} dir="ltr" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="airCargoNo" label={t`Air cargo no`}>
          <Input maxLength={40} dir="ltr" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="departurePort" label={t`Departure port`}>
          <Input maxLength={60} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="destinationPort" label={t`Destination port`}>
          <Input maxLength={60} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="departureTime" label={t`Departure time`}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} style={{ inlineSize: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="arrivalTime"
          label={t`Arrival time`}
          dependencies={['departureTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, arrival: Dayjs | null | undefined) => {
                const departure: Dayjs | null | undefined = getFieldValue('departureTime');
                return arrival && departure && !arrival.isAfter(departure)
                  ? Promise.reject(new Error(i18n._(m.timeOrder)))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} style={{ inlineSize: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="portCarrier" label={t`Port carrier`}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="firstCarrier" label={t`First carrier`}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="charged"
          label={t`Charged (battery goods)`}
          rules={[{ required: true, message: i18n._(m.chargedRequired) }]}
        >
          <Radio.Group options={yesNo} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="mixed"
          label={t`Mixed`}
          rules={[{ required: true, message: i18n._(m.mixedRequired) }]}
        >
          <Radio.Group options={yesNo} />
        </Form.Item>
      </Col>
    </Row>
  );
}
