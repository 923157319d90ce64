import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { Button } from './button';

interface ImagePickerProps {
  id: string;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  error?: string | undefined;
}

/** An image file input with a preview of the chosen picture and a way to remove it. */
export function ImagePicker({ id, file, onChange, error }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  // The preview belongs to the file it was made for; a reset form (file undefined) shows none.
  const [made, setMade] = useState<{ file: File; url: string } | null>(null);
  const preview = made && made.file === file ? made.url : null;

  const choose = (next: File | undefined) => {
    if (made) URL.revokeObjectURL(made.url);
    setMade(next && next.type.startsWith('image/') && next.size <= IMAGE_MAX_BYTES ? { file: next, url: URL.createObjectURL(next) } : null);
    onChange(next);
  };

  return (
    <div className="grid gap-2">
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="block w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {file && (
        <div className="flex items-center gap-3 rounded-md border p-2">
          {preview ? (
            <img src={preview} alt="Preview of the chosen image" className="size-16 rounded object-cover" />
          ) : (
            <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
          )}
          <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Remove image"
            onClick={() => {
              if (input.current) input.current.value = '';
              choose(undefined);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}
