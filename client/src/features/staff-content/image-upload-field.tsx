import { useId, useState, type ChangeEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { IMAGE_TYPES, readImageFile } from '../../lib/image-file';
import { StaffUploadImageDocument } from './staff-content.generated';

export interface UploadedPicture {
  key: string;
  url: string;
}

/**
 * A picture for a slide or a promo block: stored in the media library when chosen; the form keeps its
 * key. Shows the current picture and any upload or field error.
 */
export function ImageUploadField({
  label,
  hint,
  picture,
  alt,
  name,
  error,
  onUploaded,
}: {
  label: string;
  hint?: string;
  picture: UploadedPicture | null;
  alt: string;
  name: string;
  error?: string;
  onUploaded: (p: UploadedPicture) => void;
}) {
  const id = useId();
  const [upload, { loading }] = useMutation(StaffUploadImageDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const message = failure ?? error;

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFailure(null);
    const read = await readImageFile(file);
    if ('error' in read) return setFailure(read.error);
    try {
      const result = (await upload({ variables: { input: { ...read, alt, name } } })).data?.staffUploadImage;
      const refused = refusalMessage(result, 'UploadedImage');
      if (refused || result?.__typename !== 'UploadedImage') return setFailure(refused);
      onUploaded({ key: result.key, url: result.url });
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  }

  return (
    <div className="staff-field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="staff-field__label">
        {label}
      </span>
      <div className="upload-preview">
        {picture ? <img src={picture.url} alt="" /> : <span className="muted">Sin imagen</span>}
        <label className="button button--secondary">
          {loading ? 'Subiendo…' : picture ? `Cambiar: ${label.toLowerCase()}` : `Subir: ${label.toLowerCase()}`}
          <input
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={(e) => void choose(e)}
            className="visually-hidden"
            disabled={loading}
            aria-describedby={message ? `${id}-error` : undefined}
          />
        </label>
      </div>
      {hint ? <p className="staff-field__hint muted">{hint}</p> : null}
      {message ? (
        <p id={`${id}-error`} className="staff-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
