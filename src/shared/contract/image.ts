import { IMAGE_FILE, staffOrCustomer, upload } from './core.ts';

export const image = {
  upload: upload(
    '/image/upload',
    'Upload an image; answers its relative URL.',
    staffOrCustomer('order:edit'),
    IMAGE_FILE,
  ),
};
