import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { Button } from '../../../ui/button';
import { PHONE_QUERY, videoWidthFor } from '../rules/photo-rules';
import { PHOTO_TEXTS } from '../texts';

export interface CameraCaptureProps {
  /** The frame taken, as an image URL for the cropper. */
  onCapture: (src: string) => void;
  onCancel: () => void;
}

/**
 * 'Take new photo' (lazy chunk): the front camera through getUserMedia in a 330px (phones) or 400px preview; taking
 * the photo draws the current frame on a canvas. The camera is released when this closes.
 */
export default function CameraCapture({ onCapture, onCancel }: CameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isReady, setReady] = useState(false);
  const [isFailed, setFailed] = useState(false);
  const width = videoWidthFor(useMediaQuery(PHONE_QUERY));

  useEffect(() => {
    let stream: MediaStream | null = null;
    let isCancelled = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
        if (isCancelled) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        setReady(true);
      } catch {
        if (!isCancelled) setFailed(true);
      }
    };
    void start();
    return () => {
      isCancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const capture = () => {
    const video = videoRef.current;
    if (!video?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    onCapture(canvas.toDataURL('image/png'));
  };

  return (
    <div className="photo-camera">
      {isFailed ? (
        <p className="field__error" role="alert">
          {PHOTO_TEXTS.cameraFailed}
        </p>
      ) : (
        <video
          ref={videoRef}
          className="photo-camera__video"
          width={width}
          style={{ width: `min(100%, ${width}px)` }}
          playsInline
          muted
          aria-label="Camera preview"
        />
      )}
      <div className="button-row">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {!isFailed && (
          <Button onClick={capture} disabled={!isReady}>
            Take photo
          </Button>
        )}
      </div>
    </div>
  );
}
