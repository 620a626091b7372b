import { IMAGE_FILE } from '../../../shared/contract/core.ts';
import { image } from '../../../shared/contract/image.ts';
import { receiveFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { storeImage } from './image.service.ts';

export const imageRoutes = [
  implement(image.upload, async (_i, ctx) => storeImage(ctx, await receiveFile(ctx.req, IMAGE_FILE))),
];
