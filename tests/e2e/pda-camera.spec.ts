import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { expect, request as playwrightRequest, test } from './fixtures.ts';
import { Api, type Bill, type Ids, logIn, lookups, makeOrders } from './pda-support.ts';

/** A Y4M video (what Chromium's fake camera plays) of a Code 128 barcode on white. */
function writeCode128Video(text: string, file: string): void {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
  const width = 640;
  const height = 480;
  const scale = 3;
  const modules = symbol!.sbs.reduce((a, b) => a + b, 0);
  const y = Buffer.alloc(width * height, 235);
  let x = Math.floor((width - modules * scale) / 2);
  symbol!.sbs.forEach((w, i) => {
    if (i % 2 === 0)
      for (let row = 140; row < 340; row++) y.fill(16, row * width + x, row * width + x + w * scale);
    x += w * scale;
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(5).fill(frame),
    ]),
  );
}

let admin: Api;
let ids: Ids;

test.beforeAll(async ({ baseURL }) => {
  const http = await playwrightRequest.newContext({ baseURL });
  admin = await Api.login(http, 'admin', 'admin123');
  ids = await lookups(admin);
});

const video = join(tmpdir(), `pda-camera-e2e-${process.pid}.y4m`);
// The fake camera's file must be there when the browser starts; the test writes its own label.
writeCode128Video('PLACEHOLDER1', video);

/** A phone whose camera films the file above (Chromium's fake capture device). */
test.use({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  // The PDA is an offline app: its service worker runs in these tests.
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('decodes a Code 128 label from the camera with the self-hosted decoder', async ({
  page,
  context,
  baseURL,
}) => {
  const http = await playwrightRequest.newContext({ baseURL });
  const customer = await Api.login(http, 'demo', 'demo123');
  const [code] = await makeOrders(customer, admin, ids, 1);
  const bill = await admin.ok<Bill>('POST', '/lading/create', { channelId: ids.channelId });
  writeCode128Video(code!, video);
  await context.grantPermissions(['camera']);
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      foreign.push(r.url());
  });

  // Keep the camera's streams, to see that closing the camera ends them.
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    if (!media) return;
    const open = media.getUserMedia.bind(media);
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    media.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await logIn(page);
  await page.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await expect(page.getByTestId('bill-no')).toHaveText(bill.no);
  await page.getByTestId('scan-camera').tap();
  await expect(page.getByTestId('camera-video')).toHaveAttribute('data-state', 'scanning', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('last-scan')).toHaveAttribute('data-code', code!, { timeout: 20_000 });
  await expect(page.getByTestId('last-scan')).toHaveAttribute('data-source', 'camera');
  const engine = await page.getByTestId('camera-video').getAttribute('data-engine');
  await page.getByTestId('camera-close').tap();
  // The camera is off once its screen is closed.
  await expect(page.getByTestId('camera-video')).toHaveCount(0);
  const tracks = await page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
      stream.getTracks().map((track) => track.readyState),
    ),
  );
  expect(tracks.length).toBeGreaterThan(0);
  expect(tracks.every((state) => state === 'ended')).toBe(true);
  await expect(page.locator(`[data-testid="scan-row"][data-code="${code}"]`)).toHaveAttribute(
    'data-state',
    'done',
  );
  expect(foreign).toEqual([]);
  console.info(`camera decoded with ${engine}`);
});
