import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button, buttonClass } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useDeleteProfilePhoto } from '../api/delete-profile-photo';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { ACCEPT_ATTRIBUTE, isAcceptedImage } from '../rules/photo-rules';
import '../profile-photo.css';

// The camera and the cropper (react-easy-crop) load only when they are needed.
const CameraCapture = lazy(() => import('./camera-capture'));
const PhotoCropper = lazy(() => import('./photo-cropper'));

type Step =
  | { name: 'options' }
  | { name: 'camera' }
  | { name: 'crop'; src: string; from: 'camera' | 'library' }
  | { name: 'confirm-delete' };

export interface ProfilePhotoModalProps {
  isPhotoSet: boolean;
  onClose: () => void;
}

const canUseCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** Moves focus into a step when it appears (its first control otherwise unmounts with the last step). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function StepHeading({ children }: { children: string }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h3 ref={ref} tabIndex={-1} className="photo-modal__step">
      {children}
    </h3>
  );
}

/**
 * 'Profile photo' (account-shell §2 Profile photo modal): take a new photo or choose one (JPEG or PNG), crop it
 * square and save it, or delete the photo after a confirmation. Saving or deleting closes the modal.
 */
export function ProfilePhotoModal({ isPhotoSet, onClose }: ProfilePhotoModalProps) {
  const [step, setStep] = useState<Step>({ name: 'options' });
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadProfilePhoto();
  const remove = useDeleteProfilePhoto();
  const [isCropping, setCropping] = useState(false);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setError(PROFILE_TEXTS.photoType);
      return;
    }
    setError(null);
    // A data URL, not an object URL: the site's content security policy allows data: images only.
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setStep({ name: 'crop', src: reader.result, from: 'library' });
    };
    reader.onerror = () => setError(PROFILE_TEXTS.photoType);
    reader.readAsDataURL(file);
  };

  const save = async (src: string, area: Area) => {
    setError(null);
    setCropping(true);
    try {
      const { cropToJpeg } = await import('../utils/crop-image');
      const photo = await cropToJpeg(src, area);
      await upload.mutateAsync(photo);
      toast.success(PROFILE_TEXTS.photoSaved, { duration: TOAST_DURATION.default });
      onClose();
    } catch (caught) {
      setError(
        isApiError(caught)
          ? (caught.fieldErrors.photo?.[0] ?? caught.message)
          : (caught as Error).message || PROFILE_TEXTS.photoType,
      );
    } finally {
      setCropping(false);
    }
  };

  const deletePhoto = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(PROFILE_TEXTS.photoDeleted, { duration: TOAST_DURATION.default });
        onClose();
      },
      onError: (caught) => setError(caught.message),
    });

  const back = () => {
    setError(null);
    setStep({ name: 'options' });
  };

  return (
    <ModalDialog title="Profile photo" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <div className="photo-modal">
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {step.name === 'options' && (
          <div className="photo-modal__options">
            {canUseCamera() && (
              <Button variant="secondary" onClick={() => setStep({ name: 'camera' })}>
                {PROFILE_TEXTS.takePhoto}
              </Button>
            )}
            <label className={buttonClass('secondary', 'photo-modal__file')}>
              {PROFILE_TEXTS.chooseFromLibrary}
              <input
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                className="visually-hidden"
                onChange={chooseFile}
              />
            </label>
            <Button
              variant="text"
              disabled={!isPhotoSet}
              onClick={() => {
                setError(null);
                setStep({ name: 'confirm-delete' });
              }}
            >
              {PROFILE_TEXTS.deletePhoto}
            </Button>
          </div>
        )}
        {step.name === 'camera' && (
          <>
            <StepHeading>{PROFILE_TEXTS.takePhoto}</StepHeading>
            <Suspense fallback={<Spinner label="Starting the camera" />}>
              <CameraCapture
                onCapture={(src) => setStep({ name: 'crop', src, from: 'camera' })}
                onCancel={back}
              />
            </Suspense>
          </>
        )}
        {step.name === 'crop' && (
          <>
            <StepHeading>Crop your photo</StepHeading>
            <Suspense fallback={<Spinner label="Loading the cropper" />}>
              <PhotoCropper
                src={step.src}
                isSaving={isCropping || upload.isPending}
                onSave={(area) => void save(step.src, area)}
                onRetake={() => {
                  setError(null);
                  setStep(step.from === 'camera' ? { name: 'camera' } : { name: 'options' });
                }}
              />
            </Suspense>
          </>
        )}
        {step.name === 'confirm-delete' && (
          <>
            <StepHeading>{PROFILE_TEXTS.deletePhotoConfirm}</StepHeading>
            <div className="button-row">
              <Button variant="secondary" onClick={back} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button onClick={deletePhoto} isPending={remove.isPending}>
                {remove.isPending ? 'Processing...' : 'Yes, delete photo'}
              </Button>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
