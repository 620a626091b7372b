import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { overseasLading } from '../../../shared/contract/overseas-lading.ts';
import { callApi } from '../client.ts';

export type OverseasListBody = NonNullable<Body<typeof overseasLading.list>>;
export type OverseasExportBody = NonNullable<Body<typeof overseasLading.export>>;

/**
 * Overseas lading bills (ladingBll/overseas). Names follow the UI language, so keys carry the
 * locale; every change refreshes every overseas list and detail (keys start with 'overseasLading').
 */
export const overseasKeys = {
  all: () => ['overseasLading'] as const,
  detail: (id: number) => ['overseasLading', 'detail', id] as const,
};

export const overseasQueries = {
  list: (locale: string, body: OverseasListBody) =>
    queryOptions({
      queryKey: [...overseasKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(overseasLading.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...overseasKeys.detail(id), locale] as const,
      queryFn: ({ signal }) => callApi(overseasLading.detail, { params: { id }, signal }),
    }),
};

export const overseasMutations = {
  addRemark: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof overseasLading.remarkAdd>) =>
        callApi(overseasLading.remarkAdd, { body }),
    }),
  /** A new bill for the PDA to scan into (a refusal shows as the client's toast). */
  create: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof overseasLading.create>) => callApi(overseasLading.create, { body }),
    }),
};

/** Operations run over selected bills: silent, so the screen shows each result (or refusal). */
export const overseasOps = {
  /** All or none: a refusal refuses every bill (409). */
  confirm: (ids: number[]) => callApi(overseasLading.confirm, { body: { ids }, silent: true }),
  confirmPickup: (id: number) =>
    callApi(overseasLading.confirmPickup, { params: { id }, body: {}, silent: true }),
  cancel: (id: number) => callApi(overseasLading.cancel, { params: { id }, body: {}, silent: true }),
  addRemark: (body: Body<typeof overseasLading.remarkAdd>) => callApi(overseasLading.remarkAdd, { body }),
  /** The desk's scan into an open bill (the PDA's, online and one at a time). */
  scan: (id: number, trackingNo: string) =>
    callApi(overseasLading.scanTrackingNo, { params: { id }, body: { trackingNo }, silent: true }),
};

/** The export starts an export task (one row per order). */
export const overseasFiles = {
  exportBills: (body: OverseasExportBody) => callApi(overseasLading.export, { body }),
};
