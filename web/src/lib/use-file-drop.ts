import { useState, type DragEvent } from 'react';

/**
 * A drop zone for files: whether files are being dragged over it, and the handlers to spread on
 * it (`onDragEnter`, `onDragOver`, `onDragLeave`, `onDrop`). Only a drag carrying files is
 * taken; while `busy` the pointer says nothing can be dropped and a drop is ignored. Leaving for
 * a child of the zone is not leaving it.
 */
export function useFileDrop(busy: boolean, onFiles: (dropped: DataTransfer) => void) {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) onFiles(event.dataTransfer);
  };
  return { dragging, dropZone: { onDragEnter: onDragOver, onDragOver, onDragLeave, onDrop } };
}
