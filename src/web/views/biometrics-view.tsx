/**
 * The `biometrics` step view: a selfie for the facial check. Biometric data is sensitive
 * under Ley 29733, so nothing is captured before the applicant ticks the explicit consent.
 * With a camera (`getUserMedia`) the applicant sees a live preview and captures a frame;
 * without one, or when permission is denied, a file input opens the phone's front camera
 * (`capture="user"`). With `step.props.retry` it first asks to try again. Submits `{ [field]: base64 JPEG }` (`step.props.field`, default `imagen`).
 */
import { useEffect, useRef, useState } from 'react';
import '../forms/light-form.css';
import { CheckRow, LightAlert } from './light-controls.tsx';
import type { ViewProps } from './view-types.ts';
import { StepTitle } from './step-title.tsx';
import { stringProp } from './step-props.ts';
import { base64Of, fileToJpeg, jpegOf } from './image-data.ts';

type Mode = 'idle' | 'camera' | 'file';

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export default function BiometricsView({ flow, step, stepId, send, busy, t }: ViewProps) {
  const field = stringProp(step.props, 'field') ?? 'imagen';
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<Mode>('idle');
  const [photo, setPhoto] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The camera shows a picture: until then there is nothing to take.
  const [live, setLive] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  function stopCamera() {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setLive(false);
  }
  useEffect(() => stopCamera, []);

  async function startCamera() {
    setProblem(null);
    if (!hasCamera()) {
      setMode('file');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user' },
        audio: false,
      });
      streamRef.current = stream;
      setMode('camera');
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play();
      }
    } catch {
      // No camera, or permission denied: the file input still reaches the front camera on phones.
      setProblem(t('view.biometrics.noCamera'));
      setMode('file');
    }
  }

  useEffect(() => {
    if (
      mode === 'camera' &&
      videoRef.current &&
      streamRef.current &&
      videoRef.current.srcObject !== streamRef.current
    ) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play().catch(() => undefined);
    }
  }, [mode]);

  function capture() {
    const video = videoRef.current;
    // No frame yet (a photo of nothing): the button waits for the picture.
    if (!video || video.videoWidth === 0) return;
    try {
      setPhoto(jpegOf(video));
      stopCamera();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem(t('view.upload.badType'));
      return;
    }
    try {
      setPhoto(await fileToJpeg(file));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  }

  function retake() {
    setPhoto(null);
    if (mode === 'camera') void startCamera();
  }

  return (
    <section className="step-view step-biometrics lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      {step.props?.retry === true ? (
        <LightAlert type="info">{t('status.verificacionFacial')}</LightAlert>
      ) : null}
      <p>{t('view.biometrics.intro')}</p>
      <CheckRow
        id={`${stepId}-consent`}
        checked={consent}
        disabled={busy}
        onChange={(on) => {
          setConsent(on);
          if (!on) {
            stopCamera();
            setMode('idle');
            setPhoto(null);
          }
        }}
      >
        {t('view.biometrics.consent')}
      </CheckRow>
      {problem ? <LightAlert type="warning">{problem}</LightAlert> : null}
      {consent && !photo && mode === 'idle' ? (
        <button type="button" className="lf-submit" onClick={() => void startCamera()}>
          {t('view.biometrics.start')}
        </button>
      ) : null}
      {consent && !photo && mode === 'camera' ? (
        <div className="biometrics-camera">
          <video
            ref={videoRef}
            playsInline
            muted
            autoPlay
            aria-label={t('view.biometrics.preview')}
            onLoadedData={() => setLive(true)}
          />
          <button type="button" className="lf-submit" onClick={capture} disabled={!live}>
            {t('view.biometrics.capture')}
          </button>
        </div>
      ) : null}
      {consent && !photo && mode === 'file' ? (
        <div className="view-field">
          <label htmlFor={`${stepId}-file`}>{t('view.biometrics.file')}</label>
          <input
            id={`${stepId}-file`}
            type="file"
            accept="image/*"
            capture="user"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
      ) : null}
      {photo ? (
        <div className="biometrics-photo">
          <img src={photo} alt={t('view.biometrics.photoAlt')} />
          <button type="button" className="view-button view-button--block" onClick={retake} disabled={busy}>
            {t('view.biometrics.retake')}
          </button>
          <button
            type="button"
            className="lf-submit"
            disabled={busy || !consent}
            onClick={() => send({ type: 'submit', data: { [field]: base64Of(photo) } })}
          >
            {t('app.continue')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
