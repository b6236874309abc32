import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button } from '../../../ui/button';

export interface PhotoCropperProps {
  src: string;
  isSaving: boolean;
  onSave: (area: Area) => void;
  onRetake: () => void;
}

/** The square crop (lazy chunk: react-easy-crop): drag to move, the slider (or pinch, or wheel) to zoom. */
export default function PhotoCropper({ src, isSaving, onSave, onRetake }: PhotoCropperProps) {
  const zoomId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <div className="photo-cropper">
      <div className="photo-cropper__area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          cropperProps={{
            role: 'group',
            'aria-label': 'Crop area: drag or use the arrow keys to move the photo',
          }}
        />
      </div>
      <div className="field photo-cropper__zoom">
        <label className="field__label" htmlFor={zoomId}>
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </div>
      <div className="button-row">
        <Button variant="secondary" onClick={onRetake} disabled={isSaving}>
          {PROFILE_TEXTS.retake}
        </Button>
        <Button onClick={() => area && onSave(area)} disabled={!area} isPending={isSaving}>
          {isSaving ? 'Processing...' : PROFILE_TEXTS.cropAndSave}
        </Button>
      </div>
    </div>
  );
}
