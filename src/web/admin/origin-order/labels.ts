import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CitcStatus, PushResult, UploadState } from '../../../shared/domain/origin-order.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';

/** Names the server also writes in the export, shared so both say the same thing. */
export const UPLOAD_LABELS: Record<number, MessageDescriptor> = {
  [UploadState.notUploaded]: m.upload0,
  [UploadState.uploaded]: m.upload1,
  [UploadState.failed]: m.upload2,
};
export const UPLOAD_COLORS: Record<number, string> = {
  [UploadState.notUploaded]: 'default',
  [UploadState.uploaded]: 'success',
  [UploadState.failed]: 'error',
};

export const CONFIRM_LABELS: Record<number, MessageDescriptor> = { 0: m.unconfirmed, 1: m.confirmed };

export const PUSH_RESULT_LABELS: Record<number, MessageDescriptor> = {
  [PushResult.success]: msg`Success`,
  [PushResult.failed]: msg`Failed`,
};

export const CITC_LABELS: Record<number, MessageDescriptor> = {
  [CitcStatus.pending]: msg`Waiting to be reported`,
  [CitcStatus.reported]: msg`Reported`,
  [CitcStatus.rejected]: msg`Rejected`,
};
export const CITC_COLORS: Record<number, string> = {
  [CitcStatus.pending]: 'gold',
  [CitcStatus.reported]: 'success',
  [CitcStatus.rejected]: 'error',
};

export const SOURCE_LABELS: Record<number, MessageDescriptor> = {
  1: msg`From the platform`,
  2: msg`Entered by hand`,
};
