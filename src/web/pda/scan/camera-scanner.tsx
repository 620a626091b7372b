import { useLingui } from '@lingui/react/macro';
import { Button, Popup, Preloader } from 'konsta/react';
import { useEffect, useRef, useState } from 'react';
import { CameraIcon, CloseIcon, TorchIcon } from '../pda-icons.tsx';
import { createCodeDetector, type DetectorEngine } from './detector.ts';

/** How often a video frame is handed to the decoder (ms). */
const DETECT_EVERY_MS = 120;

type TorchTrack = MediaStreamTrack & {
  getCapabilities?: () => MediaTrackCapabilities & { torch?: boolean };
};

/**
 * The camera as a scanner, full screen: reads Code 128 continuously (the scan screen ignores the
 * same code again within 2 s), with a torch switch where the camera has one. The camera is off
 * as soon as this closes, or when the page is hidden.
 */
export function CameraScanner({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  return (
    <Popup opened={opened} onBackdropClick={onClose} className="bg-black" data-testid="camera">
      {opened && <CameraView onClose={onClose} onCode={onCode} />}
    </Popup>
  );
}

function CameraView({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<TorchTrack | undefined>(undefined);
  const handler = useRef(onCode);
  handler.current = onCode;
  const close = useRef(onClose);
  close.current = onClose;
  const problems = {
    denied: t`The camera may not be used: allow it in the browser's settings.`,
    missing: t`This device has no camera.`,
    busy: t`The camera is in use by another app.`,
    insecure: t`The camera needs a secure (https) connection.`,
    failed: t`The camera could not be started.`,
  };
  const texts = useRef(problems);
  texts.current = problems;
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const [problem, setProblem] = useState('');
  const [engine, setEngine] = useState<DetectorEngine | undefined>();
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stream: MediaStream | undefined;
    const element = video.current;

    const fail = (error: unknown) => {
      if (stopped) return;
      const name = error instanceof DOMException ? error.name : '';
      const text = texts.current;
      setProblem(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? text.denied
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? text.missing
            : name === 'NotReadableError'
              ? text.busy
              : text.failed,
      );
      setState('failed');
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(texts.current.insecure);
        setState('failed');
        return;
      }
      // The decoder loads while the camera starts.
      const detecting = createCodeDetector();
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      if (stopped || !element) {
        for (const tr of stream.getTracks()) tr.stop();
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const videoTrack = stream.getVideoTracks()[0] as TorchTrack | undefined;
      track.current = videoTrack;
      if ((videoTrack?.getCapabilities?.() as { torch?: boolean } | undefined)?.torch)
        setTorch({ available: true, on: false });
      const { detector, engine: used } = await detecting;
      if (stopped) return;
      setEngine(used);
      setState('scanning');
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= 2 && element.videoWidth > 0) {
          try {
            const found = await detector.detect(element);
            const code = found.find((f) => f.rawValue)?.rawValue;
            if (code && !stopped) handler.current(code);
          } catch {
            // A frame the decoder could not read: the next one.
          }
        }
        if (!stopped) timer = setTimeout(tick, DETECT_EVERY_MS);
      };
      void tick();
    })().catch(fail);

    const onHidden = () => {
      if (document.visibilityState === 'hidden') close.current();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      for (const tr of stream?.getTracks() ?? []) tr.stop();
      if (element) element.srcObject = null;
      track.current = undefined;
    };
  }, []);

  const switchTorch = async () => {
    const next = !torch.on;
    try {
      await track.current?.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorch({ available: true, on: next });
    } catch {
      setTorch({ available: false, on: false });
    }
  };

  return (
    <div className="relative flex h-full flex-col bg-black text-white">
      <video
        ref={video}
        muted
        playsInline
        className="absolute inset-0 h-full w-full object-cover"
        data-testid="camera-video"
        data-state={state}
        data-engine={engine}
      />
      {/* The frame to aim with. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-8 top-1/3 h-1/4 rounded-xl border-4 border-white/80"
      />
      <div className="relative z-10 flex items-center justify-between gap-2 p-3">
        <Button
          clear
          large
          inline
          className="min-h-12 min-w-12 text-white"
          aria-label={t`Close the camera`}
          data-testid="camera-close"
          onClick={onClose}
        >
          <CloseIcon />
        </Button>
        {torch.available && (
          <Button
            clear={!torch.on}
            tonal={torch.on}
            large
            inline
            className="min-h-12 gap-2 text-white"
            aria-pressed={torch.on}
            data-testid="camera-torch"
            onClick={() => void switchTorch()}
          >
            <TorchIcon />
            {torch.on ? t`Torch off` : t`Torch on`}
          </Button>
        )}
      </div>
      <div className="relative z-10 mt-auto p-4 text-center text-base">
        {state === 'starting' && (
          <span className="inline-flex items-center gap-3">
            <Preloader className="text-white" />
            {t`Starting the camera…`}
          </span>
        )}
        {state === 'scanning' && (
          <span className="inline-flex items-center gap-2">
            <CameraIcon />
            {t`Aim at the barcode`}
          </span>
        )}
        {state === 'failed' && (
          <span role="alert" data-testid="camera-problem">
            {problem}
          </span>
        )}
      </div>
    </div>
  );
}
