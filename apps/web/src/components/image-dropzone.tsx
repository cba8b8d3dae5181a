import { Box, type BoxProps } from '@mantine/core';
import { useImperativeHandle, type ReactNode, type Ref } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import classes from './image-dropzone.module.css';

export type { FileRejection };

export interface ImageDropzoneProps extends BoxProps {
  /** The accepted MIME types (IMAGE_MIME_TYPES). */
  accept: readonly string[];
  /** Bytes per file; a bigger file is rejected with the code `file-too-large`. */
  maxSize?: number;
  disabled?: boolean;
  /** The files that passed `accept` and `maxSize`. */
  onDrop?: (files: File[]) => void;
  /** The files that did not, each with why. */
  onReject?: (rejections: FileRejection[]) => void;
  /** Both at once, for one message about a mixed drop. */
  onDropAny?: (files: File[], rejections: FileRejection[]) => void;
  /** Opens the file picker from elsewhere (an "Add images" button). */
  openRef?: Ref<() => void>;
  /** Whether the box itself takes focus and opens the picker with Enter or Space. */
  activateOnKeyboard?: boolean;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A box to drop images on or click to choose them: react-dropzone's hook in Mantine's look.
 * @mantine/dropzone did this until 9.6, which (with react-dropzone 20) requires Node 22 while the
 * project supports Node 20; react-dropzone 19 supports Node 20 and has the same hook.
 */
export function ImageDropzone({
  accept,
  maxSize,
  disabled = false,
  onDrop,
  onReject,
  onDropAny,
  openRef,
  activateOnKeyboard = true,
  children,
  ...box
}: ImageDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject, open } = useDropzone({
    accept: Object.fromEntries(accept.map((type) => [type, []])),
    maxSize,
    disabled,
    multiple: true,
    noKeyboard: !activateOnKeyboard,
    // The picker is the browser's own <input type="file">, as with @mantine/dropzone.
    useFsAccessApi: false,
    onDrop: onDropAny,
    onDropAccepted: onDrop,
    onDropRejected: onReject,
  });
  useImperativeHandle(openRef, () => open, [open]);
  return (
    <Box
      {...getRootProps()}
      {...box}
      className={`${classes.root} mantine-focus-auto`}
      mod={{ accept: isDragActive && isDragAccept, reject: isDragActive && isDragReject, disabled }}
    >
      <input {...getInputProps()} />
      <div className={classes.inner}>{children}</div>
    </Box>
  );
}
