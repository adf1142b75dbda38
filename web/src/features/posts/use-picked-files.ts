import { useCallback, useEffect, useRef, useState } from 'react';
import { fittingFiles, isPostableFile, moveFile, type PickedPostFile } from './picked-files';

/**
 * The files picked for a post, in order, with their preview URLs. A URL is revoked when its file
 * is removed, when the list is cleared and when the component goes away. `add` answers how many
 * postable files did not fit under the limit.
 */
export function usePickedFiles(initial: readonly File[] = []) {
  // Files picked before the composer existed (its light stand-in) are there from the first
  // render: handed over in an effect, a quick "Post" could go out without them.
  const [files, setFiles] = useState<PickedPostFile[]>(() =>
    fittingFiles(0, initial.filter(isPostableFile)).taken.map((file, index) => ({
      key: `initial-${index}`,
      file,
      url: URL.createObjectURL(file),
    })),
  );
  const counter = useRef(0);
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  });
  useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  const add = useCallback((picked: readonly File[]): number => {
    const postable = picked.filter(isPostableFile);
    const { taken, left } = fittingFiles(latest.current.length, postable);
    const made = taken.map((file) => {
      counter.current += 1;
      return { key: `file-${counter.current}`, file, url: URL.createObjectURL(file) };
    });
    const result = [...latest.current, ...made];
    latest.current = result;
    setFiles(result);
    return left;
  }, []);

  const remove = useCallback((key: string) => {
    const gone = latest.current.find((item) => item.key === key);
    if (gone) URL.revokeObjectURL(gone.url);
    const result = latest.current.filter((item) => item.key !== key);
    latest.current = result;
    setFiles(result);
  }, []);

  const move = useCallback((key: string, step: -1 | 1) => {
    const from = latest.current.findIndex((item) => item.key === key);
    const result = moveFile(latest.current, from, step);
    latest.current = result;
    setFiles(result);
  }, []);

  const clear = useCallback(() => {
    latest.current.forEach((item) => URL.revokeObjectURL(item.url));
    latest.current = [];
    setFiles([]);
  }, []);

  return { files, add, remove, move, clear };
}
