// The camera QR scanner (html5-qrcode: rear camera, a scan every 500 ms, 320 px wide), the fallback of
// uploading a photo or image of the QR code (qr-image.ts), and the QR text pasted or typed (what a phone's
// own scanner app shows, or the text in the README). Camera failures are error toasts (spec §8).

import { Html5Qrcode } from 'html5-qrcode';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../shared/ui/toast.js';
import { decodeQrImage } from './qr-image.js';

export const SCAN_DELAY_MS = 500;
export const SCANNER_WIDTH = 320;

export function QrScanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation(['public', 'errors']);
  const regionId = `qr-region-${useId().replace(/:/g, '')}`;
  const scanner = useRef<Html5Qrcode | null>(null);
  const [running, setRunning] = useState(false);
  const [reading, setReading] = useState(false);
  const [typed, setTyped] = useState('');
  const textId = useId();

  const instance = () => (scanner.current ??= new Html5Qrcode(regionId, { verbose: false }));

  const stop = async () => {
    const current = scanner.current;
    if (current?.isScanning) await current.stop().catch(() => undefined);
    setRunning(false);
  };

  useEffect(() => () => void stop(), []); // stop the camera on unmount

  const start = async () => {
    try {
      await instance().start(
        { facingMode: 'environment' },
        { fps: 1000 / SCAN_DELAY_MS, qrbox: { width: 220, height: 220 } },
        (text) => {
          void stop();
          onText(text);
        },
        () => undefined, // a frame without a QR code is not an error
      );
      setRunning(true);
    } catch {
      setRunning(false);
      showToast('error', t('errors:error.cameraUnavailable'));
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      await stop();
      const text = await decodeQrImage(file, (image) => instance().scanFile(image, false));
      onText(text);
    } catch {
      showToast('error', t('errors:error.qrNotFound'));
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="scanner">
      <div
        id={regionId}
        className={`scanner-region${running ? '' : ' idle'}`}
        style={{ width: SCANNER_WIDTH, maxWidth: '100%' }}
        data-testid="scanner-region"
      />
      <div className="row">
        {running ? (
          <button type="button" className="button" onClick={() => void stop()}>
            {t('verify.cameraStop')}
          </button>
        ) : (
          <button type="button" className="button primary" onClick={() => void start()} data-testid="start-camera">
            {t('verify.cameraStart')}
          </button>
        )}
        <label className="button upload-button">
          {reading ? t('verify.reading') : t('verify.uploadLabel')}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            data-testid="qr-upload"
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      <p className="muted small">{t('verify.uploadHint')}</p>
      <form
        className="qr-text-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) onText(typed.trim());
        }}
      >
        <label htmlFor={textId}>{t('verify.textLabel')}</label>
        <textarea
          id={textId}
          rows={3}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder={t('verify.textPlaceholder')}
          data-testid="qr-text"
        />
        <button type="submit" className="button primary" disabled={typed.trim() === ''} data-testid="qr-text-verify">
          {t('verify.textSubmit')}
        </button>
      </form>
    </div>
  );
}
