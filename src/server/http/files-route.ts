import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/i18n/messages.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { images } from '../db/schema/index.ts';
import { hasStoredFile, readStoredFile } from '../files/stored-file.ts';
import { requestLocale, translator } from '../i18n.ts';
import { IMAGE_NAME, IMAGE_URL_PREFIX, imageFileKey } from '../modules/image/image.service.ts';
import { fail } from './envelope.ts';

/**
 * Serves uploaded images back (image/upload answers their relative URL) from the database, so any
 * server process serves what another one stored. Only names of the stored form `<sha256>.<ext>`
 * are read; a name's content never changes, so browsers may cache it for good. The type comes
 * from the stored record, never from the name, and the browser is told not to guess.
 */
export async function filesRoute(app: FastifyInstance, opts: { config: Config; database: Database }) {
  app.get<{ Params: { name: string } }>(`${IMAGE_URL_PREFIX}:name`, async (req, reply) => {
    const name = req.params.name;
    const notFound = () => {
      const answer = fail(translator(requestLocale(req.headers)), 404, messages.notFound);
      return reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
    };
    if (!IMAGE_NAME.test(name)) return notFound();
    const [stored] = await opts.database.db
      .select({ mime: images.mime, path: images.path })
      .from(images)
      .where(eq(images.sha256, name.slice(0, 64)))
      .limit(1);
    if (!stored || stored.path !== `${IMAGE_URL_PREFIX}${name}`) return notFound();
    const key = imageFileKey(name);
    if (!(await hasStoredFile(opts.database.db, key))) return notFound();
    return reply
      .header('content-type', stored.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('etag', `"${name.slice(0, 64)}"`)
      .send(readStoredFile(opts.database.db, key));
  });
}
