import { image, type UploadedImage } from '../../../shared/contract/image.ts';
import { callApi } from '../client.ts';
import { uploadForm } from './upload-form.ts';

/** image/upload: the stored image's relative URL and size (a refusal shows the server's message). */
export const uploadImage = (file: File, signal?: AbortSignal): Promise<UploadedImage> =>
  callApi(image.upload, { form: uploadForm(file), signal });
